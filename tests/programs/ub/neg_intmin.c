// Negation of INT_MIN.
int value(int v) { return v; }
int main(void) {
  int x = value(-2147483647 - 1);
  int y = -x;
  return y == x;
}
