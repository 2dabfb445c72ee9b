// A list built at its tail whose last element is made to point back to the first: the walk to NULL never ends.
// The loop head's list ends at `curr`, whose next pointer is written after the loop; the list must not look
// null-terminated.
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
  curr->next = head;
  node_t* p = head;
  while (p != NULL) p = p->next;
  return 0;
}
