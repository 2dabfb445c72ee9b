extern int __VERIFIER_nondet_int(void);

/* As termination/accumulator_of_falling_step, but step may start at 100000: total then climbs past INT_MAX
   (0 + 100000 + 99998 + ... exceeds 2^31 - 1 after about 27000 passes). */
int main(void) {
  int total = __VERIFIER_nondet_int();
  int step = __VERIFIER_nondet_int();
  if (total > 1000 || step > 100000 || step < -100000) return 0;
  while (total >= 0) {
    total += step;
    step -= 2;
  }
  return 0;
}
