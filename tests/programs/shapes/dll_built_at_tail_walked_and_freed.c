// A doubly linked list of n elements built at its tail, walked forward (writing each element) and freed from its head.
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
    fresh->data = 0;
    tail->next = fresh;
    tail = fresh;
  }
  for (struct node *x = head; x; x = x->next) x->data = 1;
  while (head) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
  return 0;
}
