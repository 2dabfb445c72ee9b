// x stays odd whatever each iteration adds (an even number), so it is never 0: every choice goes on forever, and
// no two visits of the loop head need to see the same state.
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  if (x % 2 == 0) return 0;
  while (x != 0) {
    x += 2 * __VERIFIER_nondet_uint();
  }
  return 0;
}
