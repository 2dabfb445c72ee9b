// The deepest call frees main's block, which main writes to after the recursion returned: a summary that kept the
// block main passed in would miss the use after free.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
void drop(int* p, int n) {
  if (n > 0)
    drop(p, n - 1);
  else
    free(p);
}
int main(void) {
  int* p = malloc(sizeof(int));
  if (!p) return 0;
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 5) {
    free(p);
    return 0;
  }
  drop(p, n);
  *p = 1;
  return 0;
}
