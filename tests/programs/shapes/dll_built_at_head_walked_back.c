// A doubly linked list built at its head, walked to its last element and freed from there through the links back.
// The part the forward walk passed is reachable only through the links back.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct node {
  struct node *next;
  struct node *prev;
};

int main(void) {
  struct node *head = 0;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    struct node *fresh = malloc(sizeof *fresh);
    fresh->next = head;
    fresh->prev = 0;
    if (head) head->prev = fresh;
    head = fresh;
  }
  struct node *x = head;
  while (x && x->next) x = x->next;
  while (x) {
    struct node *before = x->prev;
    free(x);
    x = before;
  }
  return 0;
}
