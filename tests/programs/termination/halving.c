// Signed division by a constant: the remainder of x / 2 for x > 0 lies in [0, 1], so x falls.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x > 0) x = x / 2;
  return 0;
}
