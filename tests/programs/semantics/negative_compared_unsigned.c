extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

/* x == u converts x to unsigned: for x = -1 and u = 4294967295 they are equal in C and the loop is never entered.
   With unbounded integers (termcomp) they differ and the loop never ends. */
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned int u = __VERIFIER_nondet_uint();
  if (x >= 0) {
    return (int)(x / 2u);
  }
  if (x != -1 || u != 4294967295u) {
    return 0;
  }
  while (x != u) {
  }
  return 0;
}
