// The call's value still points to the block after the variable that held it is overwritten, but no variable does:
// the block is lost before abort, whatever the program's values in registers.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int *p = malloc(sizeof *p);
  if (!p) return 0;
  *p = __VERIFIER_nondet_int();
  int seen = *p;
  p = 0;
  if (seen == 7) abort();
  return 0;
}
