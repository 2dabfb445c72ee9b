// A program without input: its single execution decides every property exactly.
#include <stdlib.h>

int main(void) {
  int *squares = malloc(10 * sizeof(int));
  int sum = 0;
  for (int i = 0; i < 10; i++) squares[i] = i * i;
  for (int i = 0; i < 10; i++) sum += squares[i];
  free(squares);
  return sum == 285 ? 0 : 1;
}
