// 46340 * 46340 and 65536 * -32768 (= INT_MIN) are representable.
void reach_error(void);
int value(int v) { return v; }
int main(void) {
  int x = value(46340);
  int y = x * x;
  int z = value(65536) * value(-32768);
  if (y != 2147395600 || z != -2147483647 - 1) reach_error();
  return 0;
}
