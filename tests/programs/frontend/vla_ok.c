// A variable-length array of n ints is written and read at indices 0..n-1 only.
void reach_error(void);
int fill(int n) {
  int a[n];
  for (int i = 0; i < n; i++) a[i] = i;
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}
int main(void) {
  if (fill(5) != 10) reach_error();
  return 0;
}
