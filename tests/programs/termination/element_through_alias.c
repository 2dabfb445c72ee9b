// The loop tests a[3] but counts down, to a floor, the element a pointer selects: unless that is a[3], it runs
// forever.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[8];
  for (int i = 0; i < 8; i++) a[i] = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k > 7) return 0;
  int *p = a + k;
  while (a[3] > 0)
    if (*p > -5) *p = *p - 1;
  return 0;
}
