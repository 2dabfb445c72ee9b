// reach_error only when the nondet int is INT_MAX.
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 2147483647) reach_error();
  return 0;
}
