// struct rec (char, long, pointer) takes 12 bytes on ILP32 but 24 on LP64, so a 12-byte block is too small only on LP64.
#include <stdlib.h>
struct rec { char tag; long count; void *next; };
int main(void) {
  struct rec *r = malloc(12);
  r->tag = 'a';
  r->count = 1;
  r->next = NULL;
  free(r);
  return 0;
}
