// reach_error when the nondet int is negative.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = x / 2;
  if (y < 0 || x < 0) reach_error();
  return 0;
}
