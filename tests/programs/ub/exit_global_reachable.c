// exit() from a callee while a global still points to a heap block: reachable, but not cleaned up.
#include <stdlib.h>
struct state { int *items; };
struct state global_state;
void finish(int code) {
  exit(code);
}
int main(void) {
  global_state.items = malloc(8 * sizeof(int));
  global_state.items[0] = 1;
  finish(0);
  return 1;
}
