// One input value aborts the program before the block is freed: heap memory is left at the program's end.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int *p = malloc(4 * sizeof(int));
  int k = __VERIFIER_nondet_int();
  p[0] = k;
  if (k == 4711) abort();
  free(p);
  return 0;
}
