extern int __VERIFIER_nondet_int(void);

/* Every x that reaches the switch lies in the case range, so the default case never runs and the program ends, in
   every reading. */
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 1 || x > 1000) return 0;
  switch (x) {
    case 1 ... 1000:
      break;
    default:
      while (1) {
      }
  }
  return 0;
}
