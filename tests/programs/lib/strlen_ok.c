// strlen of a string literal and of a heap string built by hand.
#include <stdlib.h>
#include <string.h>
void reach_error(void);
int main(void) {
  const char *lit = "verifier";
  char *h = malloc(4);
  h[0] = 'a'; h[1] = 'b'; h[2] = 'c'; h[3] = '\0';
  if (strlen(lit) != 8 || strlen(h) != 3 || strlen(h + 3) != 0) reach_error();
  free(h);
  return 0;
}
