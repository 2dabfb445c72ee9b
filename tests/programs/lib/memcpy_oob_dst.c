// memcpy of 8 ints into a block of 6 ints.
#include <stdlib.h>
#include <string.h>
int main(void) {
  int src[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  int *dst = malloc(6 * sizeof(int));
  memcpy(dst, src, sizeof(src));
  free(dst);
  return 0;
}
