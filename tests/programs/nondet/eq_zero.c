// reach_error only when the nondet int is 0.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 0) reach_error();
  return 0;
}
