// x grows while positive until the signed addition overflows: undefined behaviour ends every run that enters the
// loop, so neither a termination proof nor a non-termination proof may be given.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x > 0) x = x + 1;
  return 0;
}
