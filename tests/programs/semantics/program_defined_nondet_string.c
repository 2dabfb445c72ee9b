/* A program of the Termination Competition's kind that makes its own nondeterministic strings: under the
   competition's rules its function runs as written, and the walk to the '\0' it put at the end ends. */
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

char *__VERIFIER_nondet_String(void) {
  int length = __VERIFIER_nondet_int();
  if (length < 1) length = 1;
  char *string = (char *)malloc(length * sizeof(char));
  string[length - 1] = '\0';
  return string;
}

int main(void) {
  char *string = __VERIFIER_nondet_String();
  int count = 0;
  for (char *p = string; *p != '\0'; p++) count++;
  free(string);
  return count;
}
