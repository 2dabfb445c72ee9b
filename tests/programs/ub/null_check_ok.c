// The lookup returns NULL, and the caller checks before dereferencing: safe.
#include <stddef.h>
int table[4] = {1, 2, 3, 4};
int *find(int key) {
  for (int i = 0; i < 4; i++)
    if (table[i] == key) return &table[i];
  return NULL;
}
int main(void) {
  int *p = find(7);
  if (p != NULL) *p = 0;
  int *q = find(3);
  if (q != NULL) *q = 0;
  return table[2];
}
