// Reads through the old pointer after realloc (the old object was deallocated by realloc).
#include <stdlib.h>
int main(void) {
  int *a = malloc(4 * sizeof(int));
  a[0] = 1;
  int *b = realloc(a, 1024 * sizeof(int));
  int v = a[0];
  free(b);
  return v;
}
