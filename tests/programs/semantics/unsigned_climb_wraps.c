extern unsigned int __VERIFIER_nondet_uint(void);

/* u climbs until it wraps around to 0, which ends the loop in C (and under svcomp, where unsigned arithmetic
   wraps too); with unbounded integers (termcomp) it climbs forever once above 10. */
int main(void) {
  unsigned int u = __VERIFIER_nondet_uint();
  while (u > 10) u = u + 1;
  return 0;
}
