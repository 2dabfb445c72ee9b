/* The compiler converts the constant 2^32 + 1 to int: 1 in C, which ends the loop at once. With mathematical
   integers (termcomp) x holds 4294967297 and the loop never ends; the IR has only C's 1. */
int main(void) {
  int x = 4294967297L;
  while (x != 1) {
  }
  return 0;
}
