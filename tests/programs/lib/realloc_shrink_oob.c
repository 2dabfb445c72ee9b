// Accesses an element beyond the new, smaller size after realloc shrinks a block.
#include <stdlib.h>
int main(void) {
  int *a = malloc(4 * sizeof(int));
  for (int i = 0; i < 4; i++) a[i] = i;
  a = realloc(a, 2 * sizeof(int));
  int v = a[3];
  free(a);
  return v;
}
