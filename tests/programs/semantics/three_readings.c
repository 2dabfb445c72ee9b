extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

/* Three readings, three answers for termination. In C the signed sum may overflow (undefined behaviour: no
   verdict). With unbounded signed arithmetic (svcomp) the first loop ends, and the second ends when u wraps
   around to 0. With all arithmetic unbounded (termcomp) u climbs forever once above 10. */
int main(void) {
  int n = __VERIFIER_nondet_int();
  unsigned int u = __VERIFIER_nondet_uint();
  int sum = 0;
  while (n > 0) {
    sum = sum + n;
    n = n - 1;
  }
  while (u > 10) u = u + 1;
  return sum > 0;
}
