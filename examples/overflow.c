// A small program with a bug that only some inputs reach: the average of two ints overflows when both are large.
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

static int average(int a, int b) { return (a + b) / 2; }

int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a < 0 || b < 0) return 0;
  int m = average(a, b);
  if (m < 0) reach_error();  // only after an overflow
  return 0;
}
