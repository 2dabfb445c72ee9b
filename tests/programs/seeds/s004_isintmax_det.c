// Seed 004 (LLBMC) full example with n = 5: no overflow, the store goes to the new block, which main frees.
#include <stdlib.h>
void reach_error(void);

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
  int *p = allocate(5, 7);
  if (*p != 7) reach_error();
  free(p);
  return 0;
}
