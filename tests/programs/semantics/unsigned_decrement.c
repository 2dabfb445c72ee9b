extern unsigned int __VERIFIER_nondet_uint(void);

/* `n--` on an unsigned n: clang adds 2^32 - 1, C subtracts 1. Read with unbounded integers (termcomp), it is still
   a subtraction of 1, which never wraps around while n > 0. */
int main(void) {
  unsigned int n = __VERIFIER_nondet_uint();
  unsigned int steps = 0;
  while (n > 0) {
    n--;
    steps += 1;
  }
  return steps == 0;
}
