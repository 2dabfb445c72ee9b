// Every path frees the block before the program ends, also the one that aborts: valid-memcleanup holds.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }

int main(void) {
  int *p = malloc(4 * sizeof(int));
  int k = __VERIFIER_nondet_int();
  p[0] = k;
  if (k == 4711) {
    free(p);
    reach_error();
  }
  free(p);
  return 0;
}
