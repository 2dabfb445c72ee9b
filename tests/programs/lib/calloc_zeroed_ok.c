// calloc returns zeroed memory: every element reads as 0 without being written.
#include <stdlib.h>
void reach_error(void);
int main(void) {
  long *a = calloc(6, sizeof(long));
  for (int i = 0; i < 6; i++)
    if (a[i] != 0) reach_error();
  free(a);
  return 0;
}
