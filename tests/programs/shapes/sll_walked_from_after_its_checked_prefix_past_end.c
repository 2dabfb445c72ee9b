// As sll_walked_from_after_its_checked_prefix.c, but the cursor writes to the element after the one where it
// stopped, which the last element does not have: an invalid write (through a null pointer) in a walk that stops at
// the end.
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);

struct node {
  struct node *next;
  int data;
};

int main(void) {
  struct node *head = malloc(sizeof *head);
  if (!head) abort();
  head->next = 0;
  head->data = 0;
  struct node *item = head;
  int appended = 0;
  while (__VERIFIER_nondet_int()) {
    item->next = malloc(sizeof *item);
    if (!item->next) abort();
    item = item->next;
    item->next = 0;
    item->data = appended < 3 ? appended + 1 : 3;
    if (appended < 3) appended++;
  }
  if (appended == 3 && !head->next->next->next) abort();
  item = head->next;
  while (item && __VERIFIER_nondet_int()) item = item->next;
  if (item) item->next->data = 0;
  while (head) {
    item = head;
    head = head->next;
    free(item);
  }
  return 0;
}
