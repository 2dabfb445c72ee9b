// Writes and reads exactly a[0..9] of a 10-element heap array, then frees it.
#include <stdlib.h>
void reach_error(void);
int main(void) {
  int *a = malloc(10 * sizeof(int));
  for (int i = 0; i < 10; i++) a[i] = i;
  int s = 0;
  for (int i = 0; i < 10; i++) s += a[i];
  if (s != 45) reach_error();
  free(a);
  return 0;
}
