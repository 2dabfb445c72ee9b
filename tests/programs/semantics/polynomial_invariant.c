extern int __VERIFIER_nondet_int(void);

/* x, y and z are n^3, 3n^2 + 3n + 1 and 6n + 6 after n iterations, so the guard's polynomial part
   y*z - 18*x - 12*y + 2*z - 6 stays 0 and the loop runs while c <= k. Products of the values as variables of
   their own do not show it: that part changes by z*z - 12*y - 6*z + 12 in an iteration, which is 0 only by a
   second invariant of the loop head. */
int main(void) {
  int k = __VERIFIER_nondet_int();
  int x = 0, y = 1, z = 6, c = 0;
  while (y * z - 18 * x - 12 * y + 2 * z - 6 + c <= k) {
    x = x + y;
    y = y + z;
    z = z + 6;
    c = c + 1;
  }
  return 0;
}
