// Walks a pointer through a heap block and steps back to the start before freeing it.
#include <stdlib.h>
int main(void) {
  int *a = malloc(4 * sizeof(int));
  int *p = a;
  for (int i = 0; i < 4; i++) *p++ = i;
  free(p - 4);
  return 0;
}
