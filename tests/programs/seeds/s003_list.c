// Seed 003 running example: a list of nondet length, traversed via offsetof; never freed, so lost at the return of main (n >= 1).
#include <stdlib.h>
#include <stddef.h>
extern unsigned int __VERIFIER_nondet_uint(void);
struct list {
    unsigned int value;
    struct list* next; };

int main() {
    // initialize length
    unsigned int n = __VERIFIER_nondet_uint();
    // initialize list of length n
    struct list* tail = NULL;
    struct list* curr;
    for (unsigned int k = 0; k < n; k++) {
        curr = malloc(sizeof(struct list));
        curr->value = __VERIFIER_nondet_uint();
        curr->next = tail;
        tail = curr;
    }
    // traverse list
    struct list* ptr = tail;
    while(ptr != NULL) {
        ptr = *((struct list**)((void*)ptr +
            offsetof(struct list, next)));}
}
