// reach_error when the nondet _Bool is true.
extern _Bool __VERIFIER_nondet_bool(void);
void reach_error(void);
int main(void) {
  _Bool b = __VERIFIER_nondet_bool();
  if (b) reach_error();
  return 0;
}
