// PLANTED: an element may point to the block of the element before it instead of one of its own, so freeing every
// element's block frees a shared one twice (valid-free). An abstraction that took each block as its element's own
// would miss it.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
typedef struct TSLL { struct TSLL *next; struct TSLL *inner; } SLL;
int main() {
  SLL *list = malloc(sizeof(SLL));
  if (!list) return 0;
  list->next = NULL;
  list->inner = NULL;
  SLL *end = list;
  while (__VERIFIER_nondet_int()) {
    SLL *n = malloc(sizeof(SLL));
    if (!n) break;
    end->next = n;
    n->next = NULL;
    if (__VERIFIER_nondet_int()) {
      n->inner = end->inner;
    } else {
      SLL *in = malloc(sizeof(SLL));
      if (!in) abort();
      in->next = NULL;
      in->inner = NULL;
      n->inner = in;
    }
    end = n;
  }
  while (list) {
    end = list->inner;
    if (end) free(end);
    end = list->next;
    free(list);
    list = end;
  }
  return 0;
}
