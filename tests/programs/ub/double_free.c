// Frees the same heap block twice through two aliases.
#include <stdlib.h>
int main(void) {
  char *a = malloc(16);
  char *b = a;
  a[0] = 1;
  free(a);
  free(b);
  return 0;
}
