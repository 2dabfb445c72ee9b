#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

/* A counter on the heap decremented with --, in a recursion and in a loop: clang writes `(*p)--` as an addition of
   -1, whose bits alone could also read as 4294967295; the source says it is a decrement. */
int down(int *p) {
  if (*p <= 0) return 0;
  (*p)--;
  return down(p) + 1;
}

int main(void) {
  int *x = malloc(sizeof(int));
  *x = __VERIFIER_nondet_int();
  int *y = malloc(sizeof(int));
  *y = *x;
  while (*y > 0) (*y)--;
  int n = down(x);
  free(x);
  free(y);
  return n;
}
