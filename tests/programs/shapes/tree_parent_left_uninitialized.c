// Nodes built in a chain through `right`, each but the last given its parent; the walk up from the last follows a
// parent pointer that was never written (malloc leaves it indeterminate): an invalid read (planted).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
struct node { struct node *left, *right, *parent; int value; };
int main() {
  struct node *last = NULL;
  while (__VERIFIER_nondet_int()) {
    struct node *n = malloc(sizeof *n);
    if (!n) abort();
    n->left = NULL;
    n->right = last;
    if (last) last->parent = n;
    n->value = 1;
    last = n;
  }
  if (!last) return 0;
  for (struct node *n = last; n; n = n->parent)
    if (n->value != 1) abort();
  while (last) {
    struct node *right = last->right;
    free(last);
    last = right;
  }
  return 0;
}
