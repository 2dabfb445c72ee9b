// A doubly linked list of n elements built at its tail, then freed from its tail through the links back: the walk
// back ends because each step takes one element off the list's end (its length is the ranking function).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct node {
  struct node *next;
  struct node *prev;
  int data;
};

int main(void) {
  int n = __VERIFIER_nondet_int();
  struct node *head = malloc(sizeof *head);
  head->next = 0;
  head->prev = 0;
  head->data = 0;
  struct node *tail = head;
  for (int i = 1; i < n; i++) {
    struct node *fresh = malloc(sizeof *fresh);
    fresh->next = 0;
    fresh->prev = tail;
    fresh->data = i;
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
