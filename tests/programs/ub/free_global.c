// Frees a pointer into a global array.
#include <stdlib.h>
char buffer[32];
int main(void) {
  char *p = buffer;
  p[0] = 'a';
  free(p);
  return 0;
}
