// memset writes one byte more than the block holds.
#include <stdlib.h>
#include <string.h>
int main(void) {
  char *p = malloc(10);
  memset(p, 0, 11);
  free(p);
  return 0;
}
