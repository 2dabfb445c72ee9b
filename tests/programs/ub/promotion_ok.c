// char/short operands are promoted to int, and the conversions back are not overflows (SV-COMP IntegerPromotion).
void reach_error(void);
int main(void) {
  signed char c = 127;
  int x = c + 1;
  short a = 32767;
  unsigned short b = a + a + a;
  int s = a * a;
  if (x != 128 || b != 32765 || s != 1073676289) reach_error();
  return 0;
}
