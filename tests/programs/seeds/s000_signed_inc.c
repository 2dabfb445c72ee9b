// Seed 000 micro-test: incrementing a positive signed int until it is <= 0 needs a signed overflow (x = INT_MAX at once).
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x > 0) x++;
  return 0;
}
