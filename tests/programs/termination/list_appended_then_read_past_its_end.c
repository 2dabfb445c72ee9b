#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

/* The list of list_appended_then_counted_signed.c, summed by a recursion that reads the value of the element after each
   one, also after the last: the segment the walk to the tail passed must not hide that read. */
struct cell {
  int value;
  struct cell *next;
};

struct cell *build(int n) {
  if (n <= 0) return NULL;
  struct cell *c = malloc(sizeof(struct cell));
  c->value = n;
  c->next = build(n - 1);
  return c;
}

struct cell *append(struct cell *first, struct cell *second) {
  if (first == NULL) return second;
  struct cell *start = first;
  while (first->next != NULL) first = first->next;
  first->next = second;
  return start;
}

int sum(struct cell *c) {
  if (c == NULL) return 0;
  return c->next->value + sum(c->next);
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 100) return 0;
  struct cell *all = append(build(n - 1), build(n));
  return sum(all) > 0 ? 0 : 1;
}
