// Seed 000 micro-test: an unsigned char is always < 300 after promotion, so the loop never ends (no overflow: c wraps).
int main(void) {
  unsigned char c = 0;
  while (c < 300) c++;
  return 0;
}
