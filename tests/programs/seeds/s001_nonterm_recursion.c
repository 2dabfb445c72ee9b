// Seed 001 variant without (*p)--: f recurses forever on *p >= 0 (infinite recursion is non-termination).
#include <stdlib.h>
int f(int* p) {
  if (*p < 0) {
    int pv = *p;
    free(p);
    return pv;
  }
  return f(p);
}
int main() {
  int i = 2;
  while (i > 0) {
    int* op = malloc(sizeof(int));
    *op = i;
    i += f(op);
  }
  return 0;
}
