extern int __VERIFIER_nondet_int(void);

/* x is 1 + 2 + ... + y, so y*y - 2*x + y stays 0 and the loop runs k times. No linear function of c, x, y and k
   ranks it; the polynomial k - c - y*y + 2*x - y does (over unbounded signed integers: in C, y*y and 2*x may
   overflow for large k). */
int main(void) {
  int k = __VERIFIER_nondet_int();
  int c = 0, x = 0, y = 0;
  while (c + y * y - 2 * x + y < k) {
    c = c + 1;
    y = y + 1;
    x = x + y;
  }
  return 0;
}
