// char is signed on x86, so a nondet char can be negative.
extern char __VERIFIER_nondet_char(void);
void reach_error(void);
int main(void) {
  char c = __VERIFIER_nondet_char();
  if (c < 0) reach_error();
  return 0;
}
