// Mutual recursion: isOdd and isEven call each other on n - 1 until n is 0 or 1.
extern int __VERIFIER_nondet_int(void);
int isEven(int n);
int isOdd(int n) {
  if (n == 0) return 0;
  if (n == 1) return 1;
  return isEven(n - 1);
}
int isEven(int n) {
  if (n == 0) return 1;
  if (n == 1) return 0;
  return isOdd(n - 1);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0) return 0;
  return isOdd(n);
}
