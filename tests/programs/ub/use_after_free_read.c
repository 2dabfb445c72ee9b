// Reads a heap block after it was freed.
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof(int));
  *p = 42;
  free(p);
  return *p;
}
