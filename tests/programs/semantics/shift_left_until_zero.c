/* x doubles until its only bit is shifted out of an unsigned int, which ends the loop in C and under svcomp; with
   unbounded integers (termcomp) x never becomes 0. */
int main(void) {
  unsigned int x = 1;
  while (x != 0) x = x << 1;
  return 0;
}
