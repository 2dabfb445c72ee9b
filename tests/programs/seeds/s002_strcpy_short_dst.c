// Seed 002 strcpy: the destination has no room for the terminating 0 byte (write past the end).
#include <stdlib.h>

char* my_strcpy(char* s1, char* s2) {
    char* dst = s1;
    char* src = s2;
    while ((*dst++ = *src++) != '\0');
    return s1;
}

int main() {
  char* d = malloc(5);
  my_strcpy(d, "hello");
  free(d);
  return 0;
}
