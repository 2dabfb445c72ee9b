// Seed 001 variant: main frees op again after f already freed it (double free).
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
  int i = 3;
  while (i > 0) {
    int* op = malloc(sizeof(int));
    *op = i;
    i += f(op);
    free(op);
  }
  return 0;
}
