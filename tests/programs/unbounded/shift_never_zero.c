/* 1u << y is between 2 and 32, never 0, so the loop is never entered. The executor does not compute a shift by a
   variable amount exactly, and a branch on the result must not let a proof of non-termination choose its value. */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int y = __VERIFIER_nondet_int();
  if (y < 1) return 0;
  if (y > 5) return 0;
  while ((1u << y) == 0u) {
  }
  return 0;
}
