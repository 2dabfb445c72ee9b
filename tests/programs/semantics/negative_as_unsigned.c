extern int __VERIFIER_nondet_int(void);

/* In C, a negative x becomes a large unsigned value and the loop never ends. With unbounded integers (termcomp) the
   conversion keeps x's value, which is never above INT_MAX: the program ends. */
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned int u = x;
  if (u > 2147483647u) {
    while (1) {
    }
  }
  return 0;
}
