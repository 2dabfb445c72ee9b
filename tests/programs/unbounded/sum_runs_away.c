/* For a negative m the loop never reaches m == 0, and acc runs away below zero: the set m < 0 is closed. */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int m = __VERIFIER_nondet_int(), acc = 0;
  while (m != 0) {
    acc = acc + m;
    m = m - 1;
  }
  return 0;
}
