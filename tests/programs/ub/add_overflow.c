// INT_MAX + 1 in int arithmetic.
int value(int v) { return v; }
int main(void) {
  int x = value(2147483647);
  int y = x + 1;
  return y < 0;
}
