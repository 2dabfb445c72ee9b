// Seed 001 variant: mutual recursion g/h decrements *p until it is negative, then h frees it; terminating and safe.
#include <stdlib.h>
int h(int* p);
int g(int* p) {
  (*p)--;
  return h(p);
}
int h(int* p) {
  if (*p < 0) {
    int v = *p;
    free(p);
    return v;
  }
  return g(p);
}
int main() {
  int i = 4;
  while (i > 0) {
    int* op = malloc(sizeof(int));
    *op = i;
    i += h(op);
  }
  return 0;
}
