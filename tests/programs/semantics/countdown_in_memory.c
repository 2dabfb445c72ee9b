#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

/* Two counters kept on the heap count down to 0: no type's range is needed to see that they end, so the loops end
   with mathematical integers (termcomp) as well as in C. */
int main(void) {
  int *x = malloc(sizeof(int));
  unsigned int *u = malloc(sizeof(unsigned int));
  *x = __VERIFIER_nondet_int();
  *u = __VERIFIER_nondet_uint();
  while (*x > 0) *x = *x - 1;
  while (*u > 0) *u = *u - 1;
  free(x);
  free(u);
  return 0;
}
