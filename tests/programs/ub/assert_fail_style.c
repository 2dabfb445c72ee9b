// SV-COMP style: reach_error calls __assert_fail; __VERIFIER_assert fails after a loop computing 1+...+100.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__ ((__nothrow__ , __leaf__)) __attribute__ ((__noreturn__));
void reach_error() { __assert_fail("0", "assert_fail_style.c", 3, "reach_error"); }
void __VERIFIER_assert(int cond) { if(!(cond)) { ERROR: {reach_error();abort();} } }

int main() {
  int s = 0;
  for (int i = 1; i <= 100; i++) s += i;
  __VERIFIER_assert(s != 5050);
  return 0;
}
