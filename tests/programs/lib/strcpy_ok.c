// strcpy into a heap block of exactly strlen + 1 bytes.
#include <stdlib.h>
#include <string.h>
void reach_error(void);
int main(void) {
  const char *src = "model";
  char *dst = malloc(strlen(src) + 1);
  strcpy(dst, src);
  if (strcmp(dst, src) != 0 || dst[5] != '\0') reach_error();
  free(dst);
  return 0;
}
