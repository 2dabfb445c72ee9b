// n goes up by one on each pass, but the program computes it through s, which is n * n: the loop is seen to count
// up to a only with the polynomial invariant s == n * n and d == 2 * n + 1, which holds only together with it
// (each is inductive only given the other).
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int();
  if (a > 10000) return 0;
  int n = 0, s = 0, d = 1;
  while (n <= a) {
    n = s - n * n + n + 1;
    s = s + d;
    d = d + 2;
  }
  return 0;
}
