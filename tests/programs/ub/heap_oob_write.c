// Off-by-one loop writes a[10] of a 10-element heap array.
#include <stdlib.h>
int main(void) {
  int *a = malloc(10 * sizeof(int));
  for (int i = 0; i <= 10; i++) a[i] = i;
  free(a);
  return 0;
}
