extern int __VERIFIER_nondet_int(void);

/* First a counts down while b is drawn anew, then both count down together: a - b keeps the value it had when the
   second phase began, at least -2000000000, and that is what keeps a - 1 from overflowing. The loop head's merged
   state does not say so; an invariant of the whole graph (a - b >= -2000000000) does. */
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a < -1000000000 || a > 1000000000 || b > 1000000000) return 0;
  while (b >= 0) {
    a = a - 1;
    if (a >= 0) {
      b = __VERIFIER_nondet_int();
      if (b > 1000000000) return 0;
    } else {
      b = b - 1;
    }
  }
  return 0;
}
