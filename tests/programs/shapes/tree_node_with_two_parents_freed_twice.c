// A binary tree in which one node may be the child of two nodes: freeing the tree recursively reads that node after
// it freed it (and would free it again). A tree abstraction that assumed every node has one parent would call this
// safe.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct tree {
  struct tree *left;
  struct tree *right;
};

static struct tree *node(struct tree *left, struct tree *right) {
  struct tree *fresh = malloc(sizeof *fresh);
  if (!fresh) abort();
  fresh->left = left;
  fresh->right = right;
  return fresh;
}

static void destroy(struct tree *t) {
  if (!t) return;
  destroy(t->left);
  destroy(t->right);
  free(t);
}

int main(void) {
  struct tree *shared = node(0, 0);
  struct tree *root = node(node(0, shared), __VERIFIER_nondet_int() ? node(shared, 0) : node(0, 0));
  destroy(root);
  return 0;
}
