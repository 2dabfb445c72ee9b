// The walk back frees an element before it reads the element's link back: a use after free.
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
  while (tail) {
    free(tail);
    tail = tail->prev;
  }
  return 0;
}
