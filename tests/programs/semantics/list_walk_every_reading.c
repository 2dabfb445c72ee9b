#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

/* A list of n nodes built and freed: memory-safe, and terminating, under every reading of integers (nothing
   overflows, nothing wraps). */
struct node {
  struct node *next;
  int value;
};

int main(void) {
  int n = __VERIFIER_nondet_int();
  struct node *head = NULL;
  for (int i = 0; i < n; i++) {
    struct node *x = malloc(sizeof(struct node));
    x->value = i;
    x->next = head;
    head = x;
  }
  while (head != NULL) {
    struct node *next = head->next;
    free(head);
    head = next;
  }
  return 0;
}
