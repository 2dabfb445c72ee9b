// One step more than the list has elements reads the next pointer of NULL: the list folded at the loop head must
// not claim an element beyond its length.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
typedef struct node {
  int val;
  struct node* next;
} node_t;
int main() {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 4) return 0;
  node_t* head = NULL;
  for (int i = 0; i < n; i++) {
    node_t* fresh = malloc(sizeof(node_t));
    fresh->val = i;
    fresh->next = head;
    head = fresh;
  }
  node_t* curr = head;
  for (int i = 0; i <= n; i++) curr = curr->next;
  return 0;
}
