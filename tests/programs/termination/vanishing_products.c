// The guard reads products whose factor q the loop drives to zero (and keeps there); only then does the counter
// bound the loop. Every case is a linear loop: q > 0 (q falls), q == 0 (the products vanish, k - c falls).
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  if (n < 0 || n >= 1000) return 0;
  int q = 1, p = n, c = 0;
  while (q <= n) q = 2 * q;
  while (p * q - n * q + c < k) {
    q = q / 2;
    p = p / 3;
    c++;
  }
  return 0;
}
