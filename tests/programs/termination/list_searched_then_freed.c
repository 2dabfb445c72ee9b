// A list built by prepending is searched, then freed: each pass of both loops takes one element off a list whose
// length the merged loop head keeps (seed 003), so both loops end.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
typedef struct node {
  int val;
  struct node* next;
} node_t;
int main() {
  int n = __VERIFIER_nondet_int();
  node_t* head = NULL;
  for (int i = 0; i < n; i++) {
    node_t* fresh = malloc(sizeof(node_t));
    fresh->val = i;
    fresh->next = head;
    head = fresh;
  }
  int wanted = __VERIFIER_nondet_int();
  node_t* curr = head;
  while (curr != NULL && curr->val != wanted) curr = curr->next;
  while (head != NULL) {
    node_t* rest = head->next;
    free(head);
    head = rest;
  }
  return 0;
}
