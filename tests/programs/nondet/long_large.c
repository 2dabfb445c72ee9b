// A nondet long above INT_MAX: possible when long has 64 bits (LP64), impossible with 32 bits (ILP32).
extern long __VERIFIER_nondet_long(void);
void reach_error(void);
int main(void) {
  long x = __VERIFIER_nondet_long();
  if (x > 2147483647L) reach_error();
  return 0;
}
