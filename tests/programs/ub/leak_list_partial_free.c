// Frees only the head of a 3-node list; the other nodes become unreachable.
#include <stdlib.h>
struct node { int v; struct node *next; };
int main(void) {
  struct node *head = NULL;
  for (int i = 0; i < 3; i++) {
    struct node *n = malloc(sizeof(struct node));
    n->v = i;
    n->next = head;
    head = n;
  }
  free(head);
  return 0;
}
