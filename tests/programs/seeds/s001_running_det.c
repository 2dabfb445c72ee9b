// Seed 001 running example with i = 5: five allocations, each freed by the recursion of f.
#include <stdlib.h>

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
  int i = 5;
  while (i > 0) {
    int* op = malloc(sizeof(int));
    *op = i;
    i += f(op);
  }
  return 0;
}
