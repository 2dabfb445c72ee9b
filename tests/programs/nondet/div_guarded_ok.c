// Division of two nondet ints guarded against a zero divisor and against INT_MIN / -1.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int d = __VERIFIER_nondet_int();
  int q = 0;
  if (d != 0 && !(n == -2147483647 - 1 && d == -1)) q = n / d + n % d;
  return q > 0;
}
