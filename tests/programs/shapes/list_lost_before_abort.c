// The only pointer to a list is overwritten before the program aborts: the list is lost (valid-memtrack), though
// abort itself keeps whatever the program can still reach.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct element {
  struct element *next;
};

int main(void) {
  struct element *head = 0;
  while (__VERIFIER_nondet_int()) {
    struct element *e = malloc(sizeof *e);
    if (!e) abort();
    e->next = head;
    head = e;
  }
  if (__VERIFIER_nondet_int()) {
    head = 0;
    abort();
  }
  while (head) {
    struct element *next = head->next;
    free(head);
    head = next;
  }
  return 0;
}
