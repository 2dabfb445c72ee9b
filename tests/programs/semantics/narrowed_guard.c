extern long __VERIFIER_nondet_long(void);

/* The guard reads a narrowed value: in C (char)n keeps n's low byte, which adding 256 never changes, so from n = 1
   the loop never ends. With mathematical integers a value beyond char's range has no narrowed value in the
   reading: no proof may assume one, and no refutation may rest on one. */
int main(void) {
  long n = __VERIFIER_nondet_long();
  while ((char)n != 0) n = n + 256;
  return 0;
}
