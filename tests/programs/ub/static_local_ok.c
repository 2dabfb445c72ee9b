// A pointer to a static local variable stays valid after the function returns.
void reach_error(void);
int *counter(void) {
  static int c = 0;
  c++;
  return &c;
}
int main(void) {
  counter();
  int *p = counter();
  *p += 10;
  if (*counter() != 13) reach_error();
  return 0;
}
