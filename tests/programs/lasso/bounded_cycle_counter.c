// x cycles with period three, but the counter c never repeats: the loop ends after 1000 iterations.
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  unsigned int c = 0;
  while (c < 1000) {
    x = (x + 1) % 3;
    c++;
  }
  return 0;
}
