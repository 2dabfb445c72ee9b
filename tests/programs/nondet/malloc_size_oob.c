// A block of n ints (1 <= n <= 100 assumed) is written at index n.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int cond);
int main(void) {
  int n = __VERIFIER_nondet_int();
  __VERIFIER_assume(n >= 1 && n <= 100);
  int *p = malloc(n * sizeof(int));
  p[n] = 0;
  free(p);
  return 0;
}
