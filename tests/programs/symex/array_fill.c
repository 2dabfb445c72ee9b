// An array of nondeterministic size filled and summed with indices kept in bounds by the loop conditions.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int* a = malloc(n * sizeof(int));
  for (int i = 0; i < n; i++) a[i] = i;
  int sum = 0;
  for (int i = 0; i < n; i++)
    if (a[i] < 1000) sum += a[i] % 2;
  free(a);
  return sum;
}
