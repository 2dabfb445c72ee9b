// while (x > 0) x++ over int overflows for every positive x: no-overflow must never be TRUE.
extern int __VERIFIER_nondet_int(void);

int main() {
  int x = __VERIFIER_nondet_int();
  while (x > 0) x++;
  return 0;
}
