// Seed 003 cyclic variant: the first node is linked back to the head, so the traversal never ends.
#include <stdlib.h>
struct list {
    unsigned int value;
    struct list* next; };

int main() {
    unsigned int n = 3;
    struct list* tail = NULL;
    struct list* curr;
    struct list* first = NULL;
    for (unsigned int k = 0; k < n; k++) {
        curr = malloc(sizeof(struct list));
        curr->value = k;
        curr->next = tail;
        tail = curr;
        if (k == 0) first = curr;
    }
    first->next = tail;
    struct list* ptr = tail;
    while (ptr != NULL) ptr = ptr->next;
    return 0;
}
