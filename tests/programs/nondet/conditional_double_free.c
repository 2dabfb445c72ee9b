// A second free happens only when the nondet value is INT_MIN.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  char *p = malloc(8);
  int x = __VERIFIER_nondet_int();
  free(p);
  if (x == -2147483647 - 1) free(p);
  return 0;
}
