extern int __VERIFIER_nondet_int(void);

/* total grows by step while step falls by 2, so total stays below its start plus (step0 + 2)^2 / 4: no octagon
   bounds it, but 4 * total + step^2 - 2 * step never changes. */
int main(void) {
  int total = __VERIFIER_nondet_int();
  int step = __VERIFIER_nondet_int();
  if (total > 1000 || step > 60000 || step < -60000) return 0;
  while (total >= 0) {
    total += step;
    step -= 2;
  }
  return 0;
}
