// x keeps its residue modulo 8 (1 or 5) while it climbs by 8 and wraps around, so x % 4 never becomes 3 and x never 0.
// Its states recur only after 2^29 visits: the recurrent set is its low bits, which every iteration keeps.
extern unsigned int __VERIFIER_nondet_uint(void);
int main(void) {
  unsigned int x = __VERIFIER_nondet_uint();
  if (x % 4 != 1) return 0;
  while (x % 4 != 3 && x != 0) {
    x += 8;
  }
  return 0;
}
