// realloc to a larger size keeps the old contents; the new part is written before it is read.
#include <stdlib.h>
void reach_error(void);
int main(void) {
  int *a = malloc(4 * sizeof(int));
  for (int i = 0; i < 4; i++) a[i] = i + 1;
  a = realloc(a, 8 * sizeof(int));
  for (int i = 4; i < 8; i++) a[i] = i + 1;
  int s = 0;
  for (int i = 0; i < 8; i++) s += a[i];
  if (s != 36) reach_error();
  free(a);
  return 0;
}
