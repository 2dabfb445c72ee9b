extern int __VERIFIER_nondet_int(void);

/* y must at least triple at every iteration. Values drawn as ints cannot do that for ever (svcomp: the loop ends),
   in C 3 * prev may overflow (undefined behaviour), and with mathematical integers (termcomp) 1, 3, 9, 27, ... may be
   drawn for ever: the loop need not end. */
int main() {
  int y = __VERIFIER_nondet_int(), prev;
  while (y > 0 && y >= 3 * prev) {
    prev = y;
    y = __VERIFIER_nondet_int();
  }
  return 0;
}
