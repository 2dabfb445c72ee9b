extern int __VERIFIER_nondet_int(void);

/* Or and xor of non-negative ints are non-negative: mask only grows (so budget - mask cannot overflow and budget
   falls), and flip ^ 1 stays >= 0 (so n - flip - 1 cannot overflow and n falls). */
int main(void) {
  int budget = __VERIFIER_nondet_int();
  int mask = 5;
  while (budget > 0) {
    mask = mask | (mask + 1);
    budget = budget - mask;
  }
  int n = __VERIFIER_nondet_int();
  int flip = __VERIFIER_nondet_int();
  if (flip < 0) return 0;
  while (n > 0) {
    flip = flip ^ 1;
    n = n - flip - 1;
  }
  return 0;
}
