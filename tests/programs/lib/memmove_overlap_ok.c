// memmove handles overlapping ranges: shifts a[0..5] to a[2..7] inside one array.
#include <string.h>
void reach_error(void);
int main(void) {
  int a[8] = {0, 1, 2, 3, 4, 5, 6, 7};
  memmove(a + 2, a, 6 * sizeof(int));
  if (a[0] != 0 || a[1] != 1 || a[2] != 0 || a[3] != 1 || a[7] != 5) reach_error();
  return 0;
}
