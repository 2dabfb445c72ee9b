// memset fills exactly the allocated bytes.
#include <stdlib.h>
#include <string.h>
void reach_error(void);
int main(void) {
  unsigned char *p = malloc(10);
  memset(p, 0xAB, 10);
  for (int i = 0; i < 10; i++)
    if (p[i] != 0xAB) reach_error();
  free(p);
  return 0;
}
