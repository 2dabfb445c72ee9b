// Two lists that share their tail: the second list's last element links to the first list's first element. The
// second list is freed up to the shared part, then the first list to its end: every element is freed once.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct node {
  struct node *next;
  int data;
};

static struct node *prepend(struct node *list) {
  struct node *fresh = malloc(sizeof *fresh);
  if (!fresh) abort();
  fresh->next = list;
  fresh->data = 0;
  return fresh;
}

int main(void) {
  struct node *first = prepend(0);
  while (__VERIFIER_nondet_int()) first = prepend(first);
  struct node *second = prepend(first);
  while (__VERIFIER_nondet_int()) second = prepend(second);
  while (second != first) {
    struct node *next = second->next;
    free(second);
    second = next;
  }
  while (first) {
    struct node *next = first->next;
    free(first);
    first = next;
  }
  return 0;
}
