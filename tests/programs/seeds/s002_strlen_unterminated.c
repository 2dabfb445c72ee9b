// Seed 002 negative test: strlen on a block without a 0 byte reads past its end.
#include <stdlib.h>
int my_strlen(char* str) {char* s = str; while(*s) s++; return s-str;}

int main() {
  char* str = (char*) malloc(8);
  for (int k = 0; k < 8; k++) str[k] = 'a';
  int len = my_strlen(str);
  free(str);
  return len;
}
