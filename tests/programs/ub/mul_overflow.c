// 65536 * 65536 in int arithmetic.
int value(int v) { return v; }
int main(void) {
  int x = value(65536);
  int y = x * x;
  return y == 0;
}
