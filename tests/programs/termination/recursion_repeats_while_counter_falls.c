// Each call makes the next with the same argument, but the global it reads has fallen in between: the recursion
// ends, and a call repeated with the same arguments alone is no evidence that it does not.
extern int __VERIFIER_nondet_int(void);
int depth_left;
void descend(int x) {
  if (depth_left <= 0) return;
  depth_left--;
  descend(x);
}
int main(void) {
  depth_left = __VERIFIER_nondet_int();
  if (depth_left > 1000) return 0;
  descend(__VERIFIER_nondet_int());
  return 0;
}
