// Seed 002: main allocates max(i,1) bytes, sets the last one to 0 and calls strlen; safe and terminating for every i.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int my_strlen(char* str) {char* s = str; while(*s) s++; return s-str;}

int main() {
  int i = __VERIFIER_nondet_int();
  if (i < 1) i = 1;
  char* str = (char*) malloc(i * sizeof(char));
  str[i-1] = '\0';
  int len = my_strlen(str);
  free(str);
  return len;
}
