// Frees the heap block before reusing the pointer for a new allocation.
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof(int));
  *p = 1;
  free(p);
  p = malloc(2 * sizeof(int));
  p[0] = 2;
  free(p);
  return 0;
}
