// strcmp: equal strings give 0, and the sign follows the first differing character.
#include <string.h>
void reach_error(void);
int main(void) {
  char a[4] = "abc";
  char b[5] = "abd";
  if (strcmp(a, "abc") != 0) reach_error();
  if (strcmp(a, b) >= 0) reach_error();
  if (strcmp(b, a) <= 0) reach_error();
  if (strcmp("ab", a) >= 0) reach_error();
  return 0;
}
