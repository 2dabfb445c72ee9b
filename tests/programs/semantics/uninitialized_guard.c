/* An array declared in the loop is uninitialized at every iteration, and the loop goes on while its element grows.
   An int read from uninitialized memory is at most INT_MAX (C, svcomp: the loop ends); with mathematical integers
   (termcomp) uninitialized memory holds any integer, and the loop need not end. */
int main(void) {
  int prev = 0;
  while (1) {
    int y[1];
    if (y[0] <= prev) break;
    prev = y[0];
  }
  return 0;
}
