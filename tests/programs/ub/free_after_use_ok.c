// Reads the heap block before freeing it, and never touches it afterwards.
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof(int));
  *p = 42;
  int v = *p;
  free(p);
  p = NULL;
  return v - 42;
}
