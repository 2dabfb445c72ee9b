// Unsigned arithmetic wraps by definition: UINT_MAX + 1 == 0 and 0 - 1 == UINT_MAX are not overflows.
void reach_error(void);
unsigned int value(unsigned int v) { return v; }
int main(void) {
  unsigned int x = value(4294967295u);
  unsigned int y = x + 1;
  unsigned int z = value(0) - 1;
  if (y != 0 || z != x) reach_error();
  return 0;
}
