// strncpy pads with 0 bytes up to n when the source is shorter.
#include <string.h>
void reach_error(void);
int main(void) {
  char d[8];
  strncpy(d, "abc", sizeof(d));
  if (d[0] != 'a' || d[2] != 'c' || d[3] != 0 || d[7] != 0) reach_error();
  if (strlen(d) != 3) reach_error();
  return 0;
}
