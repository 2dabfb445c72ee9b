// INT_MAX + 0, and INT_MAX + 1 computed in long long: no signed overflow.
void reach_error(void);
int value(int v) { return v; }
int main(void) {
  int x = value(2147483647);
  int y = x + value(0);
  long long w = (long long)x + 1;
  if (w != 2147483648LL || y != x) reach_error();
  return 0;
}
