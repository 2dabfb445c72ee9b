// Seed 001 variant: f is given the address of a stack variable and frees it.
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
  int i = 2;
  while (i > 0) {
    int x = i;
    i += f(&x);
  }
  return 0;
}
