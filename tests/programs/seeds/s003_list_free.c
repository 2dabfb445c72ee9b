// Seed 003 running example followed by a loop that frees the list: terminating, memory safe, no leak.
#include <stdlib.h>
#include <stddef.h>
extern unsigned int __VERIFIER_nondet_uint(void);
struct list {
    unsigned int value;
    struct list* next; };

int main() {
    unsigned int n = __VERIFIER_nondet_uint();
    struct list* tail = NULL;
    struct list* curr;
    for (unsigned int k = 0; k < n; k++) {
        curr = malloc(sizeof(struct list));
        curr->value = __VERIFIER_nondet_uint();
        curr->next = tail;
        tail = curr;
    }
    struct list* ptr = tail;
    while(ptr != NULL) {
        ptr = *((struct list**)((void*)ptr +
            offsetof(struct list, next)));}
    while (tail != NULL) {
        struct list* nx = tail->next;
        free(tail);
        tail = nx;
    }
    return 0;
}
