// count(a) returns a, so 1 + count(a - 1) cannot overflow and the loop over the result ends: the return states
// must relate the returned value to the parameter.
extern int __VERIFIER_nondet_int(void);
int count(int a) {
  if (a == 0) return 0;
  return 1 + count(a - 1);
}
int main(void) {
  int i = __VERIFIER_nondet_int();
  if (i <= 0) return 0;
  int r = count(i);
  while (r > 0) r--;
  return 0;
}
