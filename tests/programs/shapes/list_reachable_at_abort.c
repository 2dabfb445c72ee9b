// A walk over a list may abort half-way: the list is still reachable from `head` there, so no memory is lost
// (SV-COMP's valid-memtrack: abort keeps every frame), though it is left allocated (valid-memcleanup). The walk
// also checks that the elements alternate between two kinds, which they do.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }

struct element {
  int kind;
  struct element *next;
};

int main(void) {
  struct element *head = 0;
  int kind = 1;
  while (__VERIFIER_nondet_int()) {
    struct element *e = malloc(sizeof *e);
    if (!e) abort();
    e->kind = kind;
    e->next = head;
    head = e;
    kind = 3 - kind;
  }
  for (struct element *e = head; e; e = e->next) {
    if (__VERIFIER_nondet_int()) abort();
    if (e->kind != 1 && e->kind != 2) {
      reach_error();
      abort();
    }
  }
  while (head) {
    struct element *next = head->next;
    free(head);
    head = next;
  }
  return 0;
}
