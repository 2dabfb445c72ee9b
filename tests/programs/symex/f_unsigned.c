// Seed 000's f: does not terminate for x = UINT_MAX (j wraps around), but it is memory safe and has no signed
// overflow. Termination must never be claimed.
extern unsigned int __VERIFIER_nondet_uint(void);

void f(unsigned int x) {
  unsigned int j = 0;
  while (j <= x) j++;
}

int main() {
  f(__VERIFIER_nondet_uint());
  return 0;
}
