// Writes one element past the end for every n: the proof must fail and a run finds the bad write.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int* a = malloc(n * sizeof(int));
  for (int i = 0; i <= n; i++) a[i] = 0;
  free(a);
  return 0;
}
