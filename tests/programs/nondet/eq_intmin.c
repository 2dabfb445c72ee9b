// reach_error only when the nondet int is INT_MIN (found through a helper function).
extern int __VERIFIER_nondet_int(void);
void reach_error(void);

int is_min(int v) { return v == -2147483647 - 1; }
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (is_min(x)) reach_error();
  return 0;
}
