// Seed 002 §10.2: main allocates i bytes (at least one), terminates the string, measures it and frees it.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int my_strlen(char* str) {
  char* s = str;
  while (*s) s++;
  return s - str;
}

int main() {
  int i = __VERIFIER_nondet_int();
  if (i < 1) i = 1;
  char* str = malloc(i * sizeof(char));
  str[i - 1] = '\0';
  int len = my_strlen(str);
  free(str);
  return len;
}
