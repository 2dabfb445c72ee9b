// Seed 002 strcpy: copying "hello" into a 6-byte block is safe.
#include <stdlib.h>
void reach_error(void);

char* my_strcpy(char* s1, char* s2) {
    char* dst = s1;
    char* src = s2;
    while ((*dst++ = *src++) != '\0');
    return s1;
}

int main() {
  char* d = malloc(6);
  my_strcpy(d, "hello");
  if (d[0] != 'h' || d[4] != 'o' || d[5] != '\0') reach_error();
  free(d);
  return 0;
}
