// The callback of callback_builds_list now and then frees the element it links the new one to: the walk that frees
// the list then reads the freed element.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct item {
  struct item *next;
  int value;
};

static void push(struct item **list) {
  struct item *it = malloc(sizeof *it);
  if (!it) abort();
  it->next = *list;
  it->value = 1;
  if (*list && __VERIFIER_nondet_int()) free(*list);
  *list = it;
}

static struct item *build(void (*insert)(struct item **), int n) {
  struct item *list = 0;
  for (int i = 0; i < n; i++) insert(&list);
  return list;
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  struct item *list = build(push, n);
  while (list) {
    struct item *next = list->next;
    free(list);
    list = next;
  }
  return 0;
}
