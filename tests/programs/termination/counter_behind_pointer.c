// A counter kept in memory, stored first from a parameter (unsigned reading) and then from a signed difference,
// decremented through a pointer loaded again from a global in another function.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int *counter;
void step(void) { (*counter)--; }
int run(int start) {
  counter = malloc(sizeof(int));
  *counter = start;
  while (*counter > 0) step();
  int left = *counter;
  free(counter);
  return left;
}
int main(void) { return run(__VERIFIER_nondet_int()); }
