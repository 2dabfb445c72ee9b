// malloc an array of structs, fill and sum it, free it.
#include <stdlib.h>
void reach_error(void);
struct point { int x; int y; };
int main(void) {
  struct point *pts = malloc(5 * sizeof(struct point));
  for (int i = 0; i < 5; i++) {
    pts[i].x = i;
    pts[i].y = 2 * i;
  }
  int s = 0;
  for (int i = 0; i < 5; i++) s += pts[i].x + pts[i].y;
  if (s != 30) reach_error();
  free(pts);
  return 0;
}
