/* a and b step past each other where a > b to start with, and a - b only grows: the set a > b is closed. */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  while (a != b) {
    a = a + 2;
    b = b - 1;
  }
  return 0;
}
