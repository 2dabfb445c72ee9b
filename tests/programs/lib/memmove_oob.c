// memmove shifts 6 ints by 3 inside an 8-int block, writing past its end.
#include <stdlib.h>
#include <string.h>
int main(void) {
  int *a = calloc(8, sizeof(int));
  memmove(a + 3, a, 6 * sizeof(int));
  free(a);
  return 0;
}
