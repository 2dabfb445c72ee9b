// Frees a pointer to the middle of a heap block instead of its start.
#include <stdlib.h>
int main(void) {
  int *a = malloc(4 * sizeof(int));
  int *mid = a + 2;
  *mid = 1;
  free(mid);
  return 0;
}
