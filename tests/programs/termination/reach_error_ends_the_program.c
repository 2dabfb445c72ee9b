extern int __VERIFIER_nondet_int(void);
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error(void) { __assert_fail("0", "reach_error_ends_the_program.c", 3, "reach_error"); }

/* reach_error aborts: for termination a call of it is an end of the program, whether or not it can happen. */
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 100) reach_error();
  while (x > 0) x = x - 1;
  return 0;
}
