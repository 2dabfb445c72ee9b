// INT_MIN / -1: the quotient 2^31 is not representable.
int value(int v) { return v; }
int main(void) {
  int x = value(-2147483647 - 1);
  int y = x / value(-1);
  return y == 0;
}
