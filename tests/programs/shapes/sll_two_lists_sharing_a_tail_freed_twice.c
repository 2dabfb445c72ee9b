// Two lists that share their tail: the second list's last element links to an element of the first. Freeing both
// lists to their ends reads the shared elements after the first list's walk freed them (and would free them again).
// A shape abstraction that took each list as owning its elements would call this safe.
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

static void destroy(struct node *list) {
  while (list) {
    struct node *next = list->next;
    free(list);
    list = next;
  }
}

int main(void) {
  struct node *first = prepend(0);
  while (__VERIFIER_nondet_int()) first = prepend(first);
  struct node *second = prepend(first->next ? first->next : first);
  while (__VERIFIER_nondet_int()) second = prepend(second);
  destroy(first);
  destroy(second);
  return 0;
}
