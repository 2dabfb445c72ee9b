// Reads the byte before the start of a heap block (index -1).
#include <stdlib.h>
int main(void) {
  char *b = malloc(4);
  for (int i = 0; i < 4; i++) b[i] = 'x';
  char *p = b;
  int v = p[-1];
  free(b);
  return v;
}
