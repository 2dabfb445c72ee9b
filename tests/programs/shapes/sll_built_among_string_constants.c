// A list built at its tail in a program whose string constants hold many small numbers (an assertion's message and
// function name, as SV-COMP's reach_error has them). Each is a candidate bound on the list's length at the first
// merge; the length passes one after another, and without widening each cost one more merge at the loop head.
#include <stdlib.h>
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
extern int __VERIFIER_nondet_int(void);
void reach_error(void) { __assert_fail("0", "sll_built_among_string_constants.c", 3, "reach_error"); }
struct node { struct node *next; int data; };
int main(void) {
  struct node *head = malloc(sizeof *head);
  if (!head) abort();
  head->next = NULL;
  head->data = 0;
  struct node *x = head;
  while (__VERIFIER_nondet_int()) {
    x->next = malloc(sizeof *x);
    if (!x->next) abort();
    x = x->next;
    x->next = NULL;
    x->data = 0;
  }
  for (x = head; x; x = x->next)
    if (x->data != 0) reach_error();
  while (head) {
    x = head->next;
    free(head);
    head = x;
  }
  return 0;
}
