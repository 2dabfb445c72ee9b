// Writes element 4 of calloc(4, sizeof(int)).
#include <stdlib.h>
int main(void) {
  int *a = calloc(4, sizeof(int));
  a[4] = 1;
  free(a);
  return 0;
}
