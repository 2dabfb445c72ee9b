// The counter cannot overflow: it grows by 1 while x falls by y >= 1, so res <= x0 - x (a relation the merge keeps).
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  int res = 0;
  while (x >= y && y > 0) {
    x = x - y;
    res = res + 1;
  }
  return res;
}
