// Every level of the recursion allocates a block of its own, passes it down and frees the one it was given: the
// calls at all depths have states of one shape only if each names its block by its parameter.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int down(int* cell) {
  if (*cell <= 0) {
    int last = *cell;
    free(cell);
    return last;
  }
  int* next = malloc(sizeof(int));
  if (!next) {
    free(cell);
    return 0;
  }
  *next = *cell - 1;
  free(cell);
  return down(next);
}
int main(void) {
  int* cell = malloc(sizeof(int));
  if (!cell) return 0;
  *cell = __VERIFIER_nondet_int();
  down(cell);
  return 0;
}
