// x != 0 and x-- on an unsigned: never wraps, since the loop stops at 0.
extern unsigned __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned x = __VERIFIER_nondet_uint();
  while (x != 0) x--;
  return 0;
}
