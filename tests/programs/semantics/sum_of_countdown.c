extern int __VERIFIER_nondet_int(void);

/* The loop counts n down and ends, but sum may pass INT_MAX on the way (n = 65536 suffices): in C that is
   undefined behaviour, over unbounded integers the program terminates. */
int main(void) {
  int n = __VERIFIER_nondet_int();
  int sum = 0;
  while (n > 0) {
    sum = sum + n;
    n = n - 1;
  }
  return sum > 0;
}
