// A doubly linked list whose new elements get no link back to the element before them (their prev stays null): the
// walk back from the tail frees the tail alone, and the elements before it are lost.
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
    fresh->prev = 0;
    tail->next = fresh;
    tail = fresh;
  }
  while (tail) {
    struct node *before = tail->prev;
    free(tail);
    tail = before;
  }
  return 0;
}
