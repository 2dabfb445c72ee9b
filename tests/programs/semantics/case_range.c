extern int __VERIFIER_nondet_int(void);

/* A GNU case range is `(x - 1) <= 999u` in clang's IR: the subtraction must wrap around for x < 1. For x = 0 the
   default case loops in every reading, also with mathematical integers (termcomp), where the range is read as the
   two comparisons it means. */
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 1000) return 0;
  switch (x) {
    case 1 ... 1000:
      break;
    default:
      while (1) {
      }
  }
  return 0;
}
