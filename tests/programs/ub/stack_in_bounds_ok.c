// Reads exactly a[0..3] of an initialized 4-element local array in a callee.
void reach_error(void);
int sum(int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}
int main(void) {
  int a[4] = {1, 2, 3, 4};
  if (sum(a, 4) != 10) reach_error();
  return 0;
}
