// With 0 <= x <= 1000 assumed, x * x * 1000 stays below INT_MAX.
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);

int main(void) {
  int x = __VERIFIER_nondet_int();
  __VERIFIER_assume(0 <= x && x <= 1000);
  int y = x * x * 1000;
  return y > 0;
}
