// LLONG_MAX + 1 in long long arithmetic (64-bit in both data models).
long long value(long long v) { return v; }
int main(void) {
  long long x = value(9223372036854775807LL);
  long long y = x + 1;
  return y < 0;
}
