extern int __VERIFIER_nondet_int(void);

/* As triangular_guard, but c never changes: y*y - 2*x + y stays 0, so for k > 0 the loop never ends (over
   unbounded integers; in C, y*y overflows on the way). */
int main(void) {
  int k = __VERIFIER_nondet_int();
  int c = 0, x = 0, y = 0;
  while (c + y * y - 2 * x + y < k) {
    y = y + 1;
    x = x + y;
  }
  return 0;
}
