// Program including <stdlib.h> and <string.h>, run under both data models: build, copy, compare and free strings.
#include <stdlib.h>
#include <string.h>
void reach_error(void);
int main(void) {
  size_t n = strlen("atropos");
  char *a = malloc(n + 1);
  char *b = calloc(n + 1, 1);
  strcpy(a, "atropos");
  memcpy(b, a, n);
  if (strcmp(a, b) != 0) reach_error();
  memset(a, 'x', n);
  if (strncmp(a, "xxx", 3) != 0 || strlen(a) != n) reach_error();
  free(a);
  free(b);
  return 0;
}
