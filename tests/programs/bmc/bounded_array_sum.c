// Every loop runs at most ten times: unwound completely, the program is proved for every input.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int a[10];
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10) return 0;
  for (int i = 0; i < n; i++) {
    int v = __VERIFIER_nondet_int();
    if (v < -1000 || v > 1000) v = 0;
    a[i] = v;
  }
  int sum = 0;
  for (int i = 0; i < n; i++) sum += a[i];
  if (sum > 10000 || sum < -10000) reach_error();
  return 0;
}
