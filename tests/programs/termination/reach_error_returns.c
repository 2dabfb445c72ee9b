/* This reach_error returns: the program goes on after it and never ends. */
void reach_error(void) {}

int main(void) {
  reach_error();
  for (;;) {
  }
  return 0;
}
