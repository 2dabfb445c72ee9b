// Seed 000 micro-test: doubling an unsigned int wraps to 0 after 32 steps, so the loop terminates.
int main(void) {
  unsigned int x = 1;
  int steps = 0;
  while (x != 0) {
    x *= 2;
    steps++;
  }
  return steps == 32 ? 0 : 1;
}
