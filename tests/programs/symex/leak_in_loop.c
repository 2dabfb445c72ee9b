// Allocates in a loop and frees only the last block: memory leaks whenever the loop runs twice.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

int main() {
  int n = __VERIFIER_nondet_int();
  char* p = 0;
  for (int i = 0; i < n && i < 100; i++) p = malloc(4);
  free(p);
  return 0;
}
