extern int __VERIFIER_nondet_int(void);

/* In C, a negative x becomes a large unsigned value and the loop never ends. With mathematical integers (termcomp)
   the conversion keeps x's value: a negative x stays below INT_MAX, which is no evidence, but an int may be any
   integer there, and x = 2^31 enters the loop. */
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned int u = x;
  if (u > 2147483647u) {
    while (1) {
    }
  }
  return 0;
}
