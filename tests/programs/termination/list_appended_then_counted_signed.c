#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

/* list_appended_then_counted.c with a signed count, which may overflow in C; under svcomp the count is unbounded
   and the proof comes from the graph of unbounded arithmetic. Its state at the walk to the tail keeps the part of
   the list the walk has passed, a segment from the first element up to the walking pointer, so that the count's
   reads stay inside the list's elements. */
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

int count(struct cell *c) {
  if (c == NULL) return 0;
  return 1 + count(c->next);
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1) return 0;
  struct cell *all = append(build(n - 1), build(n));
  return count(all) > 0 ? 0 : 1;
}
