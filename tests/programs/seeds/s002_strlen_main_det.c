// Seed 002 main with i = 8 and every byte initialized: strlen returns 7.
#include <stdlib.h>
void reach_error(void);
int my_strlen(char* str) {char* s = str; while(*s) s++; return s-str;}

int main() {
  int i = 8;
  char* str = (char*) malloc(i * sizeof(char));
  for (int k = 0; k < i - 1; k++) str[k] = 'a';
  str[i-1] = '\0';
  int len = my_strlen(str);
  if (len != 7) reach_error();
  free(str);
  return 0;
}
