// One input value returns before the block is freed: the memory is still allocated when main returns.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int *p = malloc(4 * sizeof(int));
  int k = __VERIFIER_nondet_int();
  p[0] = k;
  if (k == 31337) return 1;
  free(p);
  return 0;
}
