// Converting an out-of-range value to int is implementation-defined, not an overflow (SV-COMP ConversionToSignedInt).
long long value(long long v) { return v; }
int main(void) {
  int x = (int)value(2147483648LL);
  unsigned int u = 4294967295u;
  int y = (int)u;
  return x == y;
}
