// The sum of two nondet ints overflows (e.g. INT_MAX + 1, or two large random values).
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int s = x + y;
  return s > 0;
}
