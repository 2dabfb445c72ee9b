// reach_error when the nondet short is negative.
extern short __VERIFIER_nondet_short(void);
void reach_error(void);
int main(void) {
  short s = __VERIFIER_nondet_short();
  if (s < 0) reach_error();
  return 0;
}
