// The string has no terminating 0 when the nondeterministic flag is 0: the proof must fail.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 64) return 0;
  char* s = malloc(n);
  for (int i = 0; i < n; i++) s[i] = 'a';
  if (__VERIFIER_nondet_int()) s[n - 1] = 0;
  char* p = s;
  while (*p) p++;
  free(s);
  return 0;
}
