// __VERIFIER_assume(x > 0) still allows x == INT_MAX, which reaches reach_error.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x > 0);
  if (x == 2147483647) reach_error();
  return 0;
}
