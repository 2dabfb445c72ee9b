// A list of zeros built at its tail, then a token: the last element holds 1 and points to one more element that
// holds 2 (whose own link is never set). The walk from the head to the token must know that the zeros are no token
// (the field's values progress by step 0) and the token must stay apart from them; the list is then freed up to
// the token, and the token and the element after it.
#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

struct node {
  struct node *next;
  int data;
};

static struct node *allocate(void) {
  struct node *n = malloc(sizeof *n);
  if (!n) abort();
  return n;
}

int main(void) {
  struct node *head = allocate();
  head->next = 0;
  head->data = 0;
  struct node *x = head;
  while (__VERIFIER_nondet_int()) {
    x->next = allocate();
    x = x->next;
    x->data = 0;
  }
  x->data = 1;
  x->next = allocate();
  x->next->data = 2;
  x = head;
  while (x->data != 1) x = x->next;
  x = head;
  while (x->data != 1) {
    struct node *next = x->next;
    free(x);
    x = next;
  }
  free(x->next);
  free(x);
  return 0;
}
