// x + 1 == 0 for the nondet unsigned int UINT_MAX (unsigned wrap-around, not an overflow).
extern unsigned int __VERIFIER_nondet_uint(void);
void reach_error(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  if (x + 1 == 0) reach_error();
  return 0;
}
