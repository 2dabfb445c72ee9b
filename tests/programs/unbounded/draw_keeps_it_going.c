/* Each iteration draws what it adds: drawing 0 keeps x where it is, so x > 0 is closed for some choice of the draws. */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x > 0) x = x + __VERIFIER_nondet_int();
  return 0;
}
