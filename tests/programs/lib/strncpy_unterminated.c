// strncpy of "hello" into char[5] leaves no 0 byte; the following strlen reads past the array.
#include <string.h>
int main(void) {
  char d[5];
  strncpy(d, "hello", sizeof(d));
  return (int)strlen(d);
}
