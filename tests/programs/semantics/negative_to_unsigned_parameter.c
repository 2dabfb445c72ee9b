extern int __VERIFIER_nondet_int(void);

/* An int passed for an unsigned parameter: C converts a negative value to a large unsigned one, which the loop
   counts down to 0. With unbounded integers (termcomp) no operation wraps: -1 stays -1, and counting down never
   reaches 0. The IR shows no conversion at the call. */
static void count_down(unsigned n) {
  while (n != 0) {
    n--;
  }
}

int main(void) {
  count_down(__VERIFIER_nondet_int());
  return 0;
}
