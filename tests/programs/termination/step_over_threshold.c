// x falls by 2 until it hits 0 or -1: the invariant x >= -1 bounds it from below (and excludes the overflow of
// x - 2), but -1 appears only in the loop's condition, never in a state seen before the merge.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 0)
    while (x != 0 && x != -1) x = x - 2;
  return 0;
}
