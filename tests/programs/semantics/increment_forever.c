extern int __VERIFIER_nondet_int(void);

/* Over unbounded integers x only grows and the loop never ends; in C the first x + 1 past INT_MAX is undefined
   behaviour, so there the program has no verdict for termination, and no-overflow is violated. */
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x >= 0) x = x + 1;
  return 0;
}
