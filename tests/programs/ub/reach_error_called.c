// A deterministic computation reaches the call of reach_error.
void reach_error(void);
int main(void) {
  int x = 3;
  if (x * 2 == 6) reach_error();
  return 0;
}
