/* A nondeterministic value that cannot keep the loop alive: the draw is at least 1 where it is taken, so x falls every iteration. */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x > 0) {
    int d = __VERIFIER_nondet_int();
    if (d < 1) d = 1;
    x = x - d;
  }
  return 0;
}
