extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);

/* C converts an unsigned value above INT_MAX to a negative int (implementation-defined; two's complement for the
   targets of SV-COMP). With mathematical integers (termcomp) the conversion keeps the value, which is never
   negative: reach_error is never called, and an execution in C that calls it shows nothing there. */
int main(void) {
  unsigned int u = __VERIFIER_nondet_uint();
  int x = u;
  if (x < 0) reach_error();
  return 0;
}
