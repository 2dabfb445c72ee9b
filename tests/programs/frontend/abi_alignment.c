// i386 aligns double and long long to 4 bytes inside structs (struct size 12), x86-64 to 8 (size 16).
#include <stddef.h>
void reach_error(void);
struct D { char c; double d; };
struct L { char c; long long x; };
int main(void) {
  unsigned long expected = sizeof(void *) == 4 ? 12 : 16;
  if (sizeof(struct D) != expected || sizeof(struct L) != expected) reach_error();
  if (offsetof(struct D, d) != expected - 8 || offsetof(struct L, x) != expected - 8) reach_error();
  struct D arr[2];
  char *p = (char *)&arr[1].d;
  if (p - (char *)arr != (long)(2 * expected - 8)) reach_error();
  return 0;
}
