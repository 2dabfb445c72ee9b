// The recursion stores 1 into main's k, so the loop after the call never ends. A proof that kept k's value from
// before the call (0) would call this program terminating.
extern int __VERIFIER_nondet_int(void);
void set(int* p, int n) {
  if (n > 0)
    set(p, n - 1);
  else
    *p = 1;
}
int main(void) {
  int k = 0;
  int n = __VERIFIER_nondet_int();
  if (n > 3) return 0;
  set(&k, n);
  while (k > 0) {
  }
  return 0;
}
