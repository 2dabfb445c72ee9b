/* A switch on the remainder of a sum that C's int cannot hold: under svcomp the sum is the mathematical result of
   signed arithmetic, and the switch compares numbers as C's does. Every branch lowers i. */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int i = __VERIFIER_nondet_int();
  int sum = __VERIFIER_nondet_int();
  while (i > 0) {
    sum = sum + i;
    switch (sum % 4) {
      case 0: i = i - 1; break;
      case 1: case -1: i = i - 2; break;
      default: i = i - 3; break;
    }
  }
  return 0;
}
