// Subtraction-based gcd by recursion: each call lowers y1 + y2 and both stay positive.
extern int __VERIFIER_nondet_int(void);
int gcd(int y1, int y2) {
  if (y1 <= 0 || y2 <= 0) return 0;
  if (y1 == y2) return y1;
  if (y1 > y2) return gcd(y1 - y2, y2);
  return gcd(y1, y2 - y1);
}
int main(void) {
  int m = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  if (m <= 0 || n <= 0) return 0;
  gcd(m, n);
  return 0;
}
