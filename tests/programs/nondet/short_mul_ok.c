// The product of two nondet shorts is computed in int and always fits (|a * b| <= 2^30).
extern short __VERIFIER_nondet_short(void);
int main(void) {
  short a = __VERIFIER_nondet_short();
  short b = __VERIFIER_nondet_short();
  int p = a * b;
  return p > 0;
}
