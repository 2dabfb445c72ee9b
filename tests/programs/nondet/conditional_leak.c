// The block is freed only when the nondet value is positive; otherwise it is lost at the return of main.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int *p = malloc(sizeof(int));
  *p = 0;
  if (__VERIFIER_nondet_int() > 0) free(p);
  return 0;
}
