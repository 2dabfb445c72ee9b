// Except for 5, every start falls into the cycle 0, 1, 2, which never reaches 5: the state recurs every three
// iterations, not every one.
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  while (x != 5) {
    x = (x + 1) % 3;
  }
  return 0;
}
