// strlen of a local char array without a terminating 0 byte reads past its end.
#include <string.h>
int main(void) {
  char b[4];
  b[0] = 'a'; b[1] = 'b'; b[2] = 'c'; b[3] = 'd';
  return (int)strlen(b);
}
