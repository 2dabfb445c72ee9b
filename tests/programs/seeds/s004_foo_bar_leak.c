// Seed 004 (LLBMC) malloc/free shape: when the uninitialized *i is nonzero, foo returns the block and main drops it (leak).
#include <stdlib.h>
void bar(int* p) {}
int* foo() {
  int* i = (int*)malloc(sizeof(
    int));
  bar(i);
  if (*i == 0) {
    free(i);
    return 0;
  } else {
    return i;
  }
}
int main(void) {
  foo();
  return 0;
}
