#include <stdlib.h>

extern int __VERIFIER_nondet_int(void);

/* list_with_first_and_last.c, freed up to the last element only: the last element is lost when the header is
   freed. A state that folded the last element into the segment before it would prove every element freed. */
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
  while (cursor != list->last) {
    struct node *next = cursor->next;
    free(cursor);
    cursor = next;
  }
  free(list);
  return 0;
}
