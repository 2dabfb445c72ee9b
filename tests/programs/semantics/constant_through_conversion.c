/* x = u converts 4294967295 to int: -1 in C, so the loop never ends; with mathematical integers (termcomp) x keeps
   4294967295 and the loop is never entered. The IR has only the bits -1 where x is read. */
int main(void) {
  unsigned int u = 4294967295u;
  int x = u;
  while (x < 0) {
  }
  return 0;
}
