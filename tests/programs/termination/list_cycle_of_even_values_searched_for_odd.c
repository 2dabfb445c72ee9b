// A cycle holding 0, 2, 4, ... is searched for an odd value below its largest: the search never ends. The values
// still lie in a range around the cursor, but the step of 2 passes over the wanted one.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node {
  int value;
  struct node* next;
};
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  struct node* head = malloc(sizeof(struct node));
  head->value = 0;
  struct node* tail = head;
  for (int i = 1; i < n; i++) {
    struct node* fresh = malloc(sizeof(struct node));
    fresh->value = 2 * i;
    tail->next = fresh;
    tail = fresh;
  }
  tail->next = head;
  int wanted = __VERIFIER_nondet_int();
  if (wanted < 0 || wanted > 2 * n - 2) return 0;
  struct node* cursor = head;
  while (cursor->value != wanted) cursor = cursor->next;
  return 0;
}
