#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

/* The length of a string of unbounded size, narrowed to int after the walk: with mathematical integers the
   narrowing may leave int's range, which the reading gives no value, but the loop's end does not depend on it.
   The malloc of an unbounded int's size succeeds only where the address space holds it. */
int length(const char *s) {
  const char *p = s;
  while (*p != '\0') p++;
  return (int)(p - s);
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1) n = 1;
  char *s = malloc(n * sizeof(char));
  s[n - 1] = '\0';
  int k = length(s);
  free(s);
  return k;
}
