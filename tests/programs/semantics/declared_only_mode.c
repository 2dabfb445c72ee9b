/* sensor() returns an arbitrary value under the Termination Competition's rules; when it is 1 the loop never ends. */
extern int sensor(void);

int main(void) {
  int mode = sensor();
  while (mode == 1) {
  }
  return 0;
}
