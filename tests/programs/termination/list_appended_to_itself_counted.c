// A list appended to itself is a cycle: the recursive count passed it never reaches NULL. The list the count's
// recursion is passed must not look finite.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
typedef struct node {
  int val;
  struct node* next;
} node_t;
node_t* new_list(int n) {
  if (n == 0) return NULL;
  node_t* head = malloc(sizeof(node_t));
  head->val = n;
  head->next = new_list(n - 1);
  return head;
}
unsigned length(node_t* xs) {
  if (xs == NULL) return 0;
  return 1u + length(xs->next);
}
node_t* append(node_t* x, node_t* y) {
  if (x == NULL) return y;
  node_t* s = x;
  while (x->next != NULL) x = x->next;
  x->next = y;
  return s;
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1) return 0;
  node_t* x = new_list(n);
  node_t* y = append(x, x);
  unsigned count = length(y);
  return count == 0;
}
