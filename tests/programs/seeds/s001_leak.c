// Seed 001 variant: the base case of f returns without free, so every allocation is lost.
#include <stdlib.h>
int f(int* p) {
  if (*p < 0) {
    int pv = *p;
    return pv;
  }
  (*p)--;
  return f(p);
}
int main() {
  int i = 3;
  while (i > 0) {
    int* op = malloc(sizeof(int));
    *op = i;
    i += f(op);
  }
  return 0;
}
