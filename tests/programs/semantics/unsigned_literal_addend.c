extern unsigned int __VERIFIER_nondet_uint(void);

/* n + 4294967295u is n - 1 in C (clang writes it as n-- is written), so the loop counts down to 0. With unbounded
   integers (termcomp) it adds 4294967295: n grows and the loop never ends. */
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  while (n > 0) {
    n = n + 4294967295u;
  }
  return 0;
}
