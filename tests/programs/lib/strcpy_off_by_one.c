// strcpy into a heap block of strlen bytes: the terminating 0 byte is written past the end.
#include <stdlib.h>
#include <string.h>
int main(void) {
  const char *src = "model";
  char *dst = malloc(strlen(src));
  strcpy(dst, src);
  free(dst);
  return 0;
}
