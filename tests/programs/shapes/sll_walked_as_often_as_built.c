// A list of n elements built in a function while n counts down, then walked n - 1 times without a check for
// NULL: safe only because the list's length equals the n it was built with.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct node {
  struct node *next;
  int data;
};

static struct node *create(int n) {
  struct node *head = 0;
  while (n-- > 0) {
    struct node *e = malloc(sizeof *e);
    if (!e) abort();
    e->next = head;
    e->data = n;
    head = e;
  }
  return head;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  struct node *list = create(n);
  struct node *p = list;
  for (int j = 1; j < n; j++) p = p->next;
  p->data = 0;
  while (list) {
    struct node *next = list->next;
    free(list);
    list = next;
  }
  return 0;
}
