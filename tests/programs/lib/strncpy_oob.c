// strncpy with n larger than the destination writes (padding) past its end.
#include <stdlib.h>
#include <string.h>
int main(void) {
  char *d = malloc(4);
  strncpy(d, "ab", 6);
  free(d);
  return 0;
}
