/* An unsigned counter that grows past its guard: with C's unsigned arithmetic (c, svcomp) it wraps around to 0 or 1
   and the loop ends, so the set k > 7 is not closed there; with mathematical integers (termcomp) it is. */
extern unsigned __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned k = __VERIFIER_nondet_uint();
  while (k > 7) k = k + 2;
  return 0;
}
