// free of alloca memory is an invalid free.
#include <alloca.h>
#include <stdlib.h>
int main(void) {
  char *p = alloca(16);
  p[0] = 1;
  free(p);
  return 0;
}
