// A callee allocates a buffer into a local variable and returns without freeing it.
#include <stdlib.h>
int work(void) {
  char *buf = malloc(16);
  buf[0] = 7;
  return buf[0];
}
int main(void) {
  return work() - 7;
}
