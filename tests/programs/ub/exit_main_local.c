// exit() while a local of main points to a heap block: memory is still allocated at the end (memcleanup fails).
#include <stdlib.h>
int main(void) {
  int *p = malloc(sizeof(int));
  *p = 1;
  exit(0);
}
