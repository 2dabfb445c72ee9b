// Frees the address of a local variable.
#include <stdlib.h>
int main(void) {
  int x = 3;
  int *p = &x;
  free(p);
  return 0;
}
