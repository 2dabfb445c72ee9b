// unsigned short operands are promoted to (signed) int, so u * u overflows for u = 65535.
extern unsigned short __VERIFIER_nondet_ushort(void);
int main(void) {
  unsigned short u = __VERIFIER_nondet_ushort();
  int p = u * u;
  return p > 0;
}
