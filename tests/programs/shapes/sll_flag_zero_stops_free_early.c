// As sll_flags_freed_up_to_sentinel, but an element may hold 0 too: the walk that frees the list then stops at it,
// and the elements after it are lost.
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

struct node {
  struct node *next;
  int flag;
};

int main(void) {
  struct node *sentinel = malloc(sizeof *sentinel);
  if (!sentinel) return 0;
  sentinel->next = 0;
  sentinel->flag = 0;
  struct node *head = sentinel;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    if (!n) break;
    n->next = head;
    n->flag = __VERIFIER_nondet_int() ? 1 : 0;
    head = n;
  }
  while (head->flag != 0) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
  free(head);
  return 0;
}
