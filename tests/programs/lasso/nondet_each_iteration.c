// Every iteration draws a new value; drawing the same non-negative value every time never ends the loop.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  while (a >= 0) {
    a = a - 1;
    a = __VERIFIER_nondet_int();
  }
  return 0;
}
