// __VERIFIER_assume(x != 0) excludes the only input that reaches reach_error.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(x != 0);
  if (x == 0) reach_error();
  return 0;
}
