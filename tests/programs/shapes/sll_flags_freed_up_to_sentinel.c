// A list built at its head in front of a sentinel allocated first: every element holds a flag of 1 or 2, the
// sentinel 0. The list is freed up to the element that holds 0, then that one: the walk must know that no element
// before the sentinel holds 0 (a range on the field), and the sentinel must stay apart from the elements.
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
    n->flag = __VERIFIER_nondet_int() ? 1 : 2;
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
