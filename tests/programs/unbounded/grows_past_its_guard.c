/* Over mathematical integers k grows for ever once it is above 7: no state repeats, and the set k > 7 is closed under the body. */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int k = __VERIFIER_nondet_int();
  while (k > 7) k = k + 2;
  return 0;
}
