extern unsigned int __VERIFIER_nondet_uint(void);

/* The values drawn only grow. As unsigned ints (C, svcomp) they reach UINT_MAX at the latest and the loop ends; with
   mathematical integers (termcomp) an unsigned nondet value is any integer >= 0, and 1, 2, 3, ... may be drawn for
   ever. */
int main(void) {
  unsigned int y = __VERIFIER_nondet_uint(), prev = 0;
  while (y > prev) {
    prev = y;
    y = __VERIFIER_nondet_uint();
  }
  return 0;
}
