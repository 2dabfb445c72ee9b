// Bit-fields share one 32-bit unit; an unsigned 3-bit field wraps from 7 + 1 to 0 (a conversion, not an overflow).
void reach_error(void);
struct flags { unsigned a : 3; unsigned b : 5; signed c : 4; unsigned d : 20; };
int main(void) {
  struct flags f = {0, 0, 0, 0};
  f.a = 7;
  f.b = 17;
  f.c = -3;
  f.d = 1000000;
  f.a = f.a + 1;
  if (f.a != 0 || f.b != 17 || f.c != -3 || f.d != 1000000) reach_error();
  if (sizeof(struct flags) != 4) reach_error();
  return 0;
}
