/* A program that defines a nondet function of its own runs it as written under the Termination Competition's
   rules: x starts at 8 and the countdown by two ends. Were the call to return any integer, an odd one would step
   over 0 for ever. */
int __VERIFIER_nondet_int(void) { return 8; }

int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x != 0) x = x - 2;
  return 0;
}
