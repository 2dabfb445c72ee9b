// Overwrites the only pointer to a heap block with a new allocation (the first block is lost).
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof(int));
  *p = 1;
  p = malloc(2 * sizeof(int));
  p[0] = 2;
  free(p);
  return 0;
}
