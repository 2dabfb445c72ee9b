// A list built at its tail whose every element may own a block of its own through `inner` (null or the only pointer
// to it), freed element by element together with what it owns. The merged list says what each element owns.
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
    end = n;
    end->next = NULL;
    if (__VERIFIER_nondet_int()) {
      end->inner = NULL;
    } else {
      SLL *in = malloc(sizeof(SLL));
      if (!in) abort();
      in->next = NULL;
      in->inner = NULL;
      end->inner = in;
    }
  }
  while (list) {
    end = list->inner;
    if (end) {
      if (end->next) abort();
      free(end);
    }
    end = list->next;
    free(list);
    list = end;
  }
  return 0;
}
