extern int __VERIFIER_nondet_int(void);

/* y grows by 3 for every pass, and x can allow 715 million passes: y + 3 overflows. No invariant of the graph may
   exclude that, so no-overflow must not be TRUE (nor, with undefined behaviour on the way, termination). */
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x < 0 || y < 0 || y > 1000) return 0;
  while (x > 0) {
    x = x - 1;
    y = y + 3;
  }
  return y;
}
