// The first element built is made to point back to the head, so the walk to NULL never ends: a list folded at
// the loop head must not let it look finite (its last element's next pointer is written after the loop).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
typedef struct node {
  int val;
  struct node* next;
} node_t;
int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 1) return 0;
  node_t* head = NULL;
  node_t* first = NULL;
  for (int i = 0; i < n; i++) {
    node_t* fresh = malloc(sizeof(node_t));
    fresh->val = i;
    fresh->next = head;
    if (head == NULL) first = fresh;
    head = fresh;
  }
  first->next = head;
  node_t* curr = head;
  while (curr != NULL) curr = curr->next;
  return 0;
}
