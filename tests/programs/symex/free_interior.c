// Frees the start of the block on one path and an interior pointer on the other: invalid free.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main() {
  char* p = malloc(8);
  if (__VERIFIER_nondet_int()) p++;
  free(p);
  return 0;
}
