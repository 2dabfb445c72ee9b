// strcmp of an unterminated 3-char array with "abcd" reads past the array.
#include <string.h>
int main(void) {
  char a[3] = {'a', 'b', 'c'};
  return strcmp(a, "abcd") == 0;
}
