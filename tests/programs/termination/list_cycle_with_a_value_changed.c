// A cycle holding 0, 1, ..., n-1 whose first value is then overwritten with -1: a search for 0 never ends when n > 1
// (with n == 1 the only node holds -1 and is searched for 0 as well). The values no longer progress by one step.
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
  head->value = -1;
  struct node* cursor = head;
  while (cursor->value != 0) cursor = cursor->next;
  return 0;
}
