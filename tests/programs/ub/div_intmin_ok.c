// INT_MIN / 1 and INT_MIN / -2 are representable.
void reach_error(void);
int value(int v) { return v; }
int main(void) {
  int x = value(-2147483647 - 1);
  int y = x / value(1);
  int z = x / value(-2);
  if (y != x || z != 1073741824) reach_error();
  return 0;
}
