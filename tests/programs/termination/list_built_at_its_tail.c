// A list built at its tail (`curr->next = fresh; curr = fresh`) and then freed from its head: the loop head keeps
// the elements before `curr` as a list that ends at `curr`, and `curr`'s own block, whose next pointer is written
// only in the next iteration or after the loop.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
typedef struct node {
  int val;
  struct node* next;
} node_t;
int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 1) return 0;
  node_t* head = malloc(sizeof(node_t));
  head->val = 0;
  node_t* curr = head;
  for (int i = 1; i < n; i++) {
    node_t* fresh = malloc(sizeof(node_t));
    fresh->val = i;
    curr->next = fresh;
    curr = fresh;
  }
  curr->next = NULL;
  while (head != NULL) {
    node_t* next = head->next;
    free(head);
    head = next;
  }
  return 0;
}
