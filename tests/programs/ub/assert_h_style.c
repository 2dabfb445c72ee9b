// SV-COMP style with <assert.h>: reach_error is assert(0), called from a recursive function at depth 5.
extern void abort(void);
#include <assert.h>
void reach_error() { assert(0); }
void down(int n) {
  if (n == 0) reach_error();
  else down(n - 1);
}
int main() {
  down(5);
  return 0;
}
