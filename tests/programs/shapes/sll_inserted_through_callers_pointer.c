// A list built in a function, then grown by inserting new elements at a position the caller picks below the
// list's length, through a pointer to the caller's variable: the walk to the position stays on the list only
// because its length is known to grow by one per insertion (length == len + i).
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

typedef struct node {
  struct node *next;
} *SLL;

static SLL create(int len) {
  SLL head = 0;
  while (len-- > 0) {
    SLL n = malloc(sizeof(struct node));
    if (!n) abort();
    n->next = head;
    head = n;
  }
  return head;
}

static void insert(SLL *head, int position) {
  SLL n = malloc(sizeof(struct node));
  if (!n) abort();
  SLL before = 0;
  SLL at = *head;
  while (position-- > 0) {
    before = at;
    at = at->next;
  }
  n->next = at;
  if (before)
    before->next = n;
  else
    *head = n;
}

static int between(int from, int until) {
  int k = from;
  while (k < until && __VERIFIER_nondet_int()) k++;
  return k;
}

static void destroy(SLL head) {
  while (head) {
    SLL next = head->next;
    free(head);
    head = next;
  }
}

int main(void) {
  int len = between(1, 3);
  SLL s = create(len);
  int k = between(0, len - 1);
  for (int i = 0; i < k; i++) {
    int position = __VERIFIER_nondet_int();
    if (position < 0 || position >= i + len) position = 0;
    insert(&s, position);
  }
  destroy(s);
  return 0;
}
