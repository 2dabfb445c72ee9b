/* The body of step_past_each_other under another guard: where a < b the distance b - a shrinks by 3 each
   iteration, so every execution ends, and the set a < b that a naive search might offer is not closed. */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int();
  while (a < b) {
    a = a + 2;
    b = b - 1;
  }
  return 0;
}
