// Uses a pointer to a block-scope local only inside the block; afterwards the pointer is redirected to a live variable.
void reach_error(void);
int main(void) {
  int y = 0;
  int *p = &y;
  {
    int x = 1;
    p = &x;
    *p = 2;
    y = x;
  }
  p = &y;
  *p += 1;
  if (y != 3) reach_error();
  return 0;
}
