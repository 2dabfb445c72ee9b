// Two aliases of one heap block, freed exactly once; the pointer is reset, and free(NULL) is a no-op.
#include <stdlib.h>
int main(void) {
  char *a = malloc(16);
  char *b = a;
  a[0] = 1;
  free(b);
  a = NULL;
  free(a);
  return 0;
}
