// Seed 001 running example: f frees its argument in the base case and returns -1, so main terminates; memory safe, no leak.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int f(int* p) {
  if (*p < 0) {
    int pv = *p;
    free(p);
    return pv;
  }
  (*p)--;
  return f(p);
}

int main() {
  int i = __VERIFIER_nondet_int();
  while (i > 0) {
    int* op = malloc(sizeof(int));
    *op = i;
    i += f(op);
  }
}
