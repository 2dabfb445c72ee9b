// The loop stops decrementing at 10, so an input of 10 (or more) keeps it running forever.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int i = __VERIFIER_nondet_int();
  while (i > 5) {
    if (i != 10) i--;
  }
  return 0;
}
