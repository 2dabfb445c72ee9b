// Integer division by zero: undefined behaviour, but not a signed overflow (no-overflow is left out on purpose); no reach_error exists.
int value(int v) { return v; }
int main(void) {
  int d = value(0);
  int q = 100 / d;
  return q;
}
