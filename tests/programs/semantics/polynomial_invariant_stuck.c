extern int __VERIFIER_nondet_int(void);

/* As polynomial_invariant, but c never changes: the guard's polynomial part stays 0, so for k >= 0 the loop never
   ends (over unbounded integers; in C, y*z overflows on the way). The invariants must not make it look ranked. */
int main(void) {
  int k = __VERIFIER_nondet_int();
  int x = 0, y = 1, z = 6, c = 0;
  while (y * z - 18 * x - 12 * y + 2 * z - 6 + c <= k) {
    x = x + y;
    y = y + z;
    z = z + 6;
  }
  return 0;
}
