// Counting up to a bound read from the input: the ranking function is n - i.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int i = 0;
  while (i < n) i++;
  return 0;
}
