// As vanishing_products.c, but once q is zero nothing bounds the loop: the product q * p vanishes and the guard
// holds forever. A split into the cases q > 0 and q == 0 must not hide that.
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n >= 1000) return 0;
  int q = n, p = n;
  while (q * p >= 0) {
    q = q / 2;
    p = p + 1 - p;
  }
  return 0;
}
