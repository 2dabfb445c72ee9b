// Random and boundary inputs practically never satisfy both equations; a model of the symbolic execution's error
// state does, and the execution with those inputs confirms the call of reach_error.
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);

int main() {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  if (x > 0 && x < 1000000 && y == 3 * x + 7 && x % 1000 == 417) reach_error();
  return 0;
}
