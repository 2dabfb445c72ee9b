// Each branch moves one of p, q down and forgets the other: min(p, q) falls, no linear or lexicographic function
// does.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int q = __VERIFIER_nondet_int();
  int p = __VERIFIER_nondet_int();
  while (q > 0 && p > 0 && p != q) {
    if (q < p) {
      q = q - 1;
      p = __VERIFIER_nondet_int();
    } else {
      p = p - 1;
      q = __VERIFIER_nondet_int();
    }
  }
  return 0;
}
