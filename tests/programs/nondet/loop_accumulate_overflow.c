// Summing 0 + 1 + ... + (n-1) overflows int once n > 65536 (at i = 65536).
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int n = __VERIFIER_nondet_int();
  int s = 0;
  for (int i = 0; i < n; i++) s += i;
  return s;
}
