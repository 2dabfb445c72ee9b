// Older SV-COMP style: __VERIFIER_nondet_int is called without any declaration; reach_error when it returns 0.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "implicit_declaration.c", 3, "reach_error"); }
int main() {
  int x = __VERIFIER_nondet_int();
  if (x == 0) {
    reach_error();
    abort();
  }
  return 0;
}
