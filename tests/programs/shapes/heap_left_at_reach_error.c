// A list of any length is built, then a check fails and reach_error aborts with the list still allocated: the
// program ends with heap memory left, which violates valid-memcleanup (SV-COMP counts an abort as an end).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
extern void abort(void);
void reach_error(void) { abort(); }

struct node {
  struct node *next;
  int data;
};

int main(void) {
  struct node *head = 0;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    n->next = head;
    n->data = 1;
    head = n;
  }
  for (struct node *x = head; x; x = x->next)
    if (x->data != 2) reach_error();
  while (head) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
  return 0;
}
