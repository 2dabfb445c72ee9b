// A nondet non-negative index into a 10-element array: out of bounds for i >= 10.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[10];
  int i = __VERIFIER_nondet_int();
  if (i >= 0) a[i] = 1;
  return 0;
}
