// The loop only decrements positive values, so it runs forever for a negative input.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x != 0) {
    if (x > 0) x--;
  }
  return 0;
}
