// reach_error only for one specific nondet value (hard for random testing; the ground truth is still FALSE).
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 1234567) reach_error();
  return 0;
}
