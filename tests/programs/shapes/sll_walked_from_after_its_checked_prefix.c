// A list built at its tail, whose first elements are checked according to a counter of the elements appended (the
// checks take them out of the list as blocks of their own), then walked by a cursor that starts at the second
// element and stops anywhere, then freed. The first element's link keeps pointing to where the cursor started, so
// the elements the cursor passed become a list from there up to the cursor.
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
  while (head) {
    item = head;
    head = head->next;
    free(item);
  }
  return 0;
}
