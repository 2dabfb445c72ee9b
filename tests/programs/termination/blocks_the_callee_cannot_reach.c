// Every level of the recursion allocates the next cell and frees it after the call returns; main's own blocks
// and each caller's cell are out of the callee's reach, so they must come back unchanged after every call.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

static int countdown(int *cell) {
  if (*cell <= 0) return *cell;
  int *next = malloc(sizeof(int));
  if (!next) return -1;
  *next = *cell - 1;
  int result = countdown(next);
  free(next);
  return result;
}

int main(void) {
  int *total = malloc(sizeof(int));
  if (!total) return 0;
  *total = 7;
  int *start = malloc(sizeof(int));
  if (!start) {
    free(total);
    return 0;
  }
  *start = __VERIFIER_nondet_int();
  int result = countdown(start);
  *total += *start > 0;
  free(start);
  free(total);
  return result;
}
