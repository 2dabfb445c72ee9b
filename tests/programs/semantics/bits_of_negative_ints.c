extern int __VERIFIER_nondet_int(void);

/* Bitwise operations on ints that may be negative: C converts nothing to unsigned here (the IR reads the operands
   as bits), so no reading sees a wrap-around. Clearing the lowest set bit ends the loop in every reading. */
static int without_lowest_bit(int v) { return v & (v - 1); }

int main(void) {
  int v = __VERIFIER_nondet_int();
  int low = v & -16;
  while (v > 0) {
    v = without_lowest_bit(v);
  }
  return low | v;
}
