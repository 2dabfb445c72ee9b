// The only pointer to a heap block is a local of main when main returns (lost at return).
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof(int));
  *p = 5;
  return 0;
}
