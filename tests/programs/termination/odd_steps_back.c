extern int __VERIFIER_nondet_int(void);

/* An odd x steps back to the even number below it; from there the loop climbs in steps of 4. The transition system
   shows why only if it keeps the test on the remainder: x % 2 != 0 with x >= 0 says the remainder is positive. */
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x < 1000) {
    if (x % 2 != 0) {
      x = x - 1;
    } else {
      x = x + 4;
    }
  }
  return 0;
}
