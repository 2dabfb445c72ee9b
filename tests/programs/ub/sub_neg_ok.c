// INT_MIN + 1 - 1, 0 - INT_MAX and the negations of INT_MIN + 1 and INT_MAX stay in range.
void reach_error(void);
int value(int v) { return v; }
int main(void) {
  int x = value(-2147483647);
  int y = x - value(1);
  int z = value(0) - value(2147483647);
  int n = -x;
  int m = -n;
  if (y != -2147483647 - 1 || z != x || n != 2147483647 || m != x) reach_error();
  return 0;
}
