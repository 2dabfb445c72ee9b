// Off-by-one loop writes a[4] of a 4-element local array.
int main(void) {
  int a[4];
  for (int i = 0; i <= 4; i++) a[i] = 0;
  return a[0];
}
