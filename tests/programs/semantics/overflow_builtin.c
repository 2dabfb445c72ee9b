extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

/* __builtin_add_overflow reports whether the exact sum fits the result's type: in C, INT_MAX + 1 does not. With
   mathematical integers (termcomp) every sum fits, so reach_error is never called there. */
int main(void) {
  int x = __VERIFIER_nondet_int();
  int r;
  if (x != 2147483647) return 0;
  if (__builtin_add_overflow(x, 1, &r)) reach_error();
  return 0;
}
