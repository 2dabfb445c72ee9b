// After every iteration k and t are the same value (a square of the counter d), so the loop never ends; d climbs
// by two each time and the states recur only after 2^31 visits.
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int k = __VERIFIER_nondet_uint();
  unsigned int t = k;
  unsigned int d = 1;
  while (k == t) {
    d += 2;
    t = d * d;
    k = t;
  }
  return 0;
}
