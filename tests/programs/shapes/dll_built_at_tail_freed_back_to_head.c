// A doubly linked list built at its tail while its head is kept, then freed from the tail back to the head through
// the links back: the tail's link back is the last element of the list before it.
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
  int n = __VERIFIER_nondet_int();
  for (int i = 1; i < n; i++) {
    struct node *fresh = malloc(sizeof *fresh);
    fresh->next = 0;
    fresh->prev = tail;
    tail->next = fresh;
    tail = fresh;
  }
  while (tail != head) {
    struct node *before = tail->prev;
    free(tail);
    tail = before;
  }
  free(head);
  return 0;
}
