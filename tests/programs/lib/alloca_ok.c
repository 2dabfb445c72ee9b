// alloca memory is usable until the function returns.
#include <alloca.h>
void reach_error(void);
int fill(int n) {
  int *a = alloca(n * sizeof(int));
  for (int i = 0; i < n; i++) a[i] = i;
  int s = 0;
  for (int i = 0; i < n; i++) s += a[i];
  return s;
}
int main(void) {
  if (fill(5) != 10 || fill(3) != 3) reach_error();
  return 0;
}
