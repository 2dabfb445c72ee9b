// Seed 003 with n = 3: build, traverse (reading values, offsetof step) and free the list.
#include <stdlib.h>
#include <stddef.h>
void reach_error(void);
struct list {
    unsigned int value;
    struct list* next; };

int main() {
    unsigned int n = 3;
    struct list* tail = NULL;
    struct list* curr;
    for (unsigned int k = 0; k < n; k++) {
        curr = malloc(sizeof(struct list));
        curr->value = k;
        curr->next = tail;
        tail = curr;
    }
    unsigned int sum = 0;
    struct list* ptr = tail;
    while(ptr != NULL) {
        sum += ptr->value;
        ptr = *((struct list**)((void*)ptr +
            offsetof(struct list, next)));}
    if (sum != 3) reach_error();
    while (tail != NULL) {
        struct list* nx = tail->next;
        free(tail);
        tail = nx;
    }
    return 0;
}
