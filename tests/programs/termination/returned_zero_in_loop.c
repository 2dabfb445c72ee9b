// The loop in main counts x down by one per round because the recursive call always returns 0: the proof needs
// what the function's return states say about the returned value.
extern int __VERIFIER_nondet_int(void);
int drain(int n) {
  if (n <= 0) return 0;
  return drain(n - 1);
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  int y = __VERIFIER_nondet_int();
  while (x > 0) x = x - 1 + drain(y);
  return 0;
}
