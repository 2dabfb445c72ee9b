extern int __VERIFIER_nondet_int(void);

/* After one pass x = x & a lies in [0, a], so the loop goes on only while a >= 1 and a-- cannot overflow. Before
   the first pass x is anything: only the states after the first and the second pass share x <= a. */
int main(void) {
  int x = __VERIFIER_nondet_int();
  int a = __VERIFIER_nondet_int();
  if (a <= 0) return 0;
  while (x > 0) {
    a--;
    x = x & a;
  }
  return 0;
}
