// A doubly linked list whose second element loses its link back: a walk back from the tail stops there, and the
// head is lost. A fold that took every element's prev for a link back without checking it would prove this safe.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct node {
  struct node *next;
  struct node *prev;
};

int main(void) {
  struct node *head = malloc(sizeof *head);
  head->next = 0;
  head->prev = 0;
  struct node *tail = head;
  while (__VERIFIER_nondet_int()) {
    struct node *fresh = malloc(sizeof *fresh);
    fresh->next = 0;
    fresh->prev = tail;
    tail->next = fresh;
    tail = fresh;
  }
  if (head->next) head->next->prev = 0;
  while (tail) {
    struct node *before = tail->prev;
    free(tail);
    tail = before;
  }
  return 0;
}
