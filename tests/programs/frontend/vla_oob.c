// A variable-length array of n ints is written at index n.
int fill(int n) {
  int a[n];
  for (int i = 0; i <= n; i++) a[i] = i;
  return a[0];
}
int main(void) {
  return fill(5);
}
