/* k moves away from 0 in both directions: the loop has no exit, and every state stays in the set. */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int k = __VERIFIER_nondet_int();
  while (1) {
    if (k < 0)
      k = k - 3;
    else
      k = k + 3;
  }
  return 0;
}
