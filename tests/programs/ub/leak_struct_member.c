// Frees a struct but not the block its member points to (the member block is lost).
#include <stdlib.h>
struct holder { int *data; int n; };
int main(void) {
  struct holder *h = malloc(sizeof(struct holder));
  h->n = 4;
  h->data = malloc(4 * sizeof(int));
  h->data[0] = 1;
  free(h);
  return 0;
}
