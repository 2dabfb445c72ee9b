// memcpy between a local array and a heap block of the same size.
#include <stdlib.h>
#include <string.h>
void reach_error(void);
int main(void) {
  int src[5] = {5, 4, 3, 2, 1};
  int *dst = malloc(sizeof(src));
  memcpy(dst, src, sizeof(src));
  if (dst[0] != 5 || dst[4] != 1) reach_error();
  free(dst);
  return 0;
}
