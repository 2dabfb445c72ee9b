// for (i = n - 3; i <= n; i++) with n > 100: i++ overflows when n == INT_MAX.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n > 100);
  int c = 0;
  for (int i = n - 3; i <= n; i++) c++;
  return c;
}
