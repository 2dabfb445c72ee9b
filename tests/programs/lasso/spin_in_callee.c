// The infinite loop is in a called function, with the caller's frame below it.
extern int __VERIFIER_nondet_int(void);
static int ticks;
static void wait_forever(int step) {
  while (1) {
    ticks = (ticks + step) % 8;
  }
}
int main(void) {
  int step = __VERIFIER_nondet_int();
  if (step < 0 || step > 3) return 0;
  wait_forever(step);
  return 0;
}
