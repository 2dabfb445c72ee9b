// A list built at its tail with elements made by a function: the head block was allocated in main's frame, the
// others in the callee's. Which frame allocated a heap block does not matter once the call has returned.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
typedef struct node {
  int val;
  struct node* next;
} node_t;
node_t* new_node(int val) {
  node_t* node = malloc(sizeof(node_t));
  node->val = val;
  node->next = NULL;
  return node;
}
int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 1) return 0;
  node_t* head = malloc(sizeof(node_t));
  head->val = 0;
  head->next = NULL;
  node_t* curr = head;
  for (int i = 1; i < n; i++) {
    node_t* fresh = new_node(i);
    curr->next = fresh;
    curr = fresh;
  }
  while (head != NULL) {
    node_t* next = head->next;
    free(head);
    head = next;
  }
  return 0;
}
