// An inner loop counts down the element the outer loop's index selects; the elements were clamped when stored.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int *arr = __builtin_alloca(n * sizeof(int));
  for (int i = 0; i < n; i++) {
    int v = __VERIFIER_nondet_int();
    arr[i] = v < 0 ? 0 : v;
  }
  for (int j = 0; j < n; j++)
    while (arr[j] > 0) arr[j]--;
  return 0;
}
