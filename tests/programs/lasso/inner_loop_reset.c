// The inner loop terminates each time, but the outer one restarts it forever: the state at the inner loop's head
// recurs once per outer iteration. (j is declared outside the loops: a block-scoped local would be a new object
// in every outer iteration, and the state would never repeat.)
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int sum = 0;
  int j;
  if (n < 0 || n > 100) return 0;
  while (sum >= 0) {
    sum = 0;
    for (j = 0; j < n; j++) sum += j;
  }
  return 0;
}
