// A list built at its tail whose elements record how many came before them (up to 3); after the build, the first
// elements are checked one by one (the checks take them out of the list as blocks of their own, the whole list
// when it is that short), then a cursor walks from the second element over those blocks and what is left of the
// list, reading each element, and stops anywhere.
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
  int status = 0;
  while (__VERIFIER_nondet_int()) {
    item->next = malloc(sizeof *item);
    if (!item->next) abort();
    item = item->next;
    item->next = 0;
    if (status < 3) status++;
    item->data = status;
  }
  if (status >= 1 && !head->next) abort();
  if (status >= 2 && !head->next->next) abort();
  if (status == 3 && (!head->next->next->next || head->next->next->next->data != 3)) abort();
  item = head->next;
  while (item && __VERIFIER_nondet_int()) {
    if (item->data <= 0) abort();
    item = item->next;
  }
  while (head) {
    item = head;
    head = head->next;
    free(item);
  }
  return 0;
}
