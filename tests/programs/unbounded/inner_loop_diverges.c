/* The outer loop would end, but the inner one never does once q > 0: the set q > 0 at the inner head is closed. */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int p = __VERIFIER_nondet_int(), q;
  while (p < 20) {
    q = p;
    while (q > 0) q = q + 1;
    p = p + 1;
  }
  return 0;
}
