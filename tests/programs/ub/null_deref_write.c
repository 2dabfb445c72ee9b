// Store through a null pointer returned by a lookup that finds nothing.
#include <stddef.h>
int table[4] = {1, 2, 3, 4};
int *find(int key) {
  for (int i = 0; i < 4; i++)
    if (table[i] == key) return &table[i];
  return NULL;
}
int main(void) {
  int *p = find(7);
  *p = 0;
  return 0;
}
