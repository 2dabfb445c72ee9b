/* Under the Termination Competition's rules a function that is only declared ends, has no side effects and returns
   an arbitrary value: the countdown from whatever next_value returns ends, and log_step changes nothing. */
extern int next_value(int seed);
extern void log_step(int step);

int main(void) {
  int x = next_value(3);
  while (x > 0) {
    log_step(x);
    x = x - 1;
  }
  return 0;
}
