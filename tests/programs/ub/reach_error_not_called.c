// The condition guarding reach_error is false in the only execution.
void reach_error(void);
int main(void) {
  int x = 3;
  if (x * 2 == 7) reach_error();
  return 0;
}
