// f calls itself with the same argument forever once n is positive: infinite recursion does not terminate.
extern int __VERIFIER_nondet_int(void);
void f(int n) {
  if (n > 0) f(n);
}
int main(void) {
  f(__VERIFIER_nondet_int());
  return 0;
}
