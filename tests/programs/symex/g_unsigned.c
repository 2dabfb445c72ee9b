// Seed 000's g: an unsigned counter that wraps around to 0. No signed arithmetic, no memory: safe.
extern unsigned int __VERIFIER_nondet_uint(void);

void g(unsigned int j) {
  while (j > 0) j++;
}

int main() {
  g(__VERIFIER_nondet_uint());
  return 0;
}
