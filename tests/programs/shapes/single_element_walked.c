// A list of exactly one element, which may own a block, walked to its end and freed: at the walk's head the cursor
// is the element or null, which no convex fact says.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
typedef struct TSLL { struct TSLL *next; struct TSLL *inner; } SLL;
int main() {
  SLL *list = malloc(sizeof(SLL));
  if (!list) return 0;
  list->next = NULL;
  list->inner = NULL;
  if (__VERIFIER_nondet_int()) {
    SLL *in = malloc(sizeof(SLL));
    if (!in) abort();
    in->next = NULL;
    in->inner = NULL;
    list->inner = in;
  }
  SLL *end = list;
  while (end) {
    SLL *inner = end->inner;
    if (inner && inner->next) abort();
    end = end->next;
  }
  free(list->inner);
  free(list);
  return 0;
}
