// Seed 004 (LLBMC) full example: isintmax(n) computes n + 1, which overflows for n = INT_MAX.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int isintmax(int n) {
    return n + 1 < n;
}

int *allocate(int n, int v) {
    int *p = 0;
    if (!isintmax(n)) {
        p = (int*) malloc(sizeof(int));
    }
    *p = v;
    return p;
}

int main(void) {
  int *p = allocate(__VERIFIER_nondet_int(), __VERIFIER_nondet_int());
  free(p);
  return 0;
}
