// A cycle of n nodes holding 0, 1, ..., n-1 is searched for a value in [0, n): the value lies ahead of the cursor
// until it is found, so the search ends. Needs the values of the list's elements, not only its shape.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node {
  int value;
  struct node* next;
};
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1) return 0;
  struct node* head = malloc(sizeof(struct node));
  head->value = 0;
  struct node* tail = head;
  for (int i = 1; i < n; i++) {
    struct node* fresh = malloc(sizeof(struct node));
    fresh->value = i;
    tail->next = fresh;
    tail = fresh;
  }
  tail->next = head;
  int wanted = __VERIFIER_nondet_int();
  if (wanted < 0 || wanted >= n) return 0;
  struct node* cursor = head;
  while (cursor->value != wanted) cursor = cursor->next;
  return 0;
}
