// A heap block still pointed to by a global at the end of main: not lost (memtrack holds) but not cleaned up.
#include <stdlib.h>
int *cache;
int main(void) {
  cache = malloc(4 * sizeof(int));
  cache[0] = 1;
  return 0;
}
