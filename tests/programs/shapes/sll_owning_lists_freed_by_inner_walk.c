// A list of at most n elements, each of which may own a list of its own through `inner` (here of at most one
// element), freed by walking each element's own list with a cursor before the element itself. Both loops end.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
typedef struct TSLL { struct TSLL *next; struct TSLL *inner; } SLL;
int main() {
  int n = __VERIFIER_nondet_int();
  SLL *list = malloc(sizeof(SLL));
  if (!list) return 0;
  list->next = NULL;
  list->inner = NULL;
  SLL *end = list;
  for (int i = 0; i < n; i++) {
    SLL *e = malloc(sizeof(SLL));
    if (!e) break;
    end->next = e;
    end = e;
    end->next = NULL;
    end->inner = NULL;
    if (__VERIFIER_nondet_int()) {
      SLL *in = malloc(sizeof(SLL));
      if (!in) abort();
      in->next = NULL;
      in->inner = NULL;
      end->inner = in;
    }
  }
  while (list) {
    SLL *in = list->inner;
    while (in) {
      SLL *after = in->next;
      free(in);
      in = after;
    }
    end = list->next;
    free(list);
    list = end;
  }
  return 0;
}
