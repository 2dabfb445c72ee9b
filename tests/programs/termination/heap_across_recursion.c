// The recursion counts main's heap cell down and main frees the cell afterwards: both need the block main
// allocated to be known, with its contents, across the recursive calls.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void down(int* p) {
  if (*p <= 0) return;
  (*p)--;
  down(p);
}
int main(void) {
  int* p = malloc(sizeof(int));
  if (!p) return 0;
  *p = __VERIFIER_nondet_int();
  down(p);
  free(p);
  return 0;
}
