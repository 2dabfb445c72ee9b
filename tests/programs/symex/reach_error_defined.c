// reach_error has a body here (it calls __assert_fail, as in SV-COMP's tasks): a call of it is still the error.
// The loop leaves x == 10, so the assertion fails for every x <= 10.
extern void __assert_fail(const char*, const char*, unsigned int, const char*);
void reach_error() { __assert_fail("0", "reach_error_defined.c", 3, "reach_error"); }
extern void abort(void);
extern unsigned int __VERIFIER_nondet_uint(void);
void __VERIFIER_assert(int cond) {
  if (!(cond)) {
  ERROR: {
    reach_error();
    abort();
  }
  }
}

int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  while (x < 10) x++;
  __VERIFIER_assert(x > 10);
  return 0;
}
