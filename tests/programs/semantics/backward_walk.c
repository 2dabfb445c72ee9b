#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

/* A string walked from its end to its '\0' at the start, one byte back at a time: clang writes `p--` as an address
   computation with the index -1, which the IR reads as a signed number; its bits alone could also read as
   2^64 - 1, which would leave the address space. */
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1) n = 1;
  char *s = malloc(n);
  s[0] = '\0';
  char *p = s + (n - 1);
  while (*p != '\0') p--;
  free(s);
  return 0;
}
