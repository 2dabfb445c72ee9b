// The recursion ends the program with exit() while main's block is still allocated: that block is out of the
// callee's reach (left out of its states), and must still count as not freed at that end.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

static void countdown(int *cell) {
  if (*cell <= 0) exit(0);
  int *next = malloc(sizeof(int));
  if (!next) exit(0);
  *next = *cell - 1;
  free(cell);
  countdown(next);
}

int main(void) {
  int *kept = malloc(sizeof(int));
  if (!kept) return 0;
  int *start = malloc(sizeof(int));
  if (!start) {
    free(kept);
    return 0;
  }
  *start = __VERIFIER_nondet_int();
  if (*start > 3) *start = 3;
  countdown(start);
  free(kept);
  return 0;
}
