#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

/* A list kept in a header of two pointers, the first element and the last, appended to through the last one and
   then freed from the first. The loop head's state after the first append has first == last; after the second the
   first element lies behind `first` and before `last`: the state keeps a segment from `first` up to `last` and the
   last element, so that `list->last->next` is a write into an element and every element is freed. The header's
   count keeps it from having an element's size: a block of that size, with a pointer where an element has its
   link, may be folded into a list as one of its elements (which loses the segment). */
struct node {
  int data;
  struct node *next;
};

struct list {
  struct node *first;
  struct node *last;
  int appended;
};

static void append(struct list *list, int data) {
  struct node *node = malloc(sizeof *node);
  if (!node) abort();
  node->data = data;
  node->next = NULL;
  if (list->first == NULL && list->last == NULL) {
    list->first = node;
    list->last = node;
    return;
  }
  list->last->next = node;
  list->last = node;
}

int main(void) {
  struct list *list = malloc(sizeof *list);
  if (!list) abort();
  list->first = NULL;
  list->last = NULL;
  list->appended = 0;
  int n = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) {
    append(list, i);
    list->appended = i + 1;
  }
  struct node *cursor = list->first;
  while (cursor != NULL) {
    struct node *next = cursor->next;
    free(cursor);
    cursor = next;
  }
  free(list);
  return 0;
}
