// Each iteration writes one more array element: the registers at the loop head may repeat, memory never does.
extern int __VERIFIER_nondet_int(void);
int a[64];
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 64) return 0;
  int i = 0;
  while (i < n) {
    a[i] = 1;
    i = i + 1;
  }
  while (i > 0) {
    i = i - 1;
    if (a[i] != 1) break;
  }
  return 0;
}
