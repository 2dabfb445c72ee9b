extern int __VERIFIER_nondet_int(void);

struct packed {
  int low : 4;
  int high : 4;
};

/* -1 fits a signed 4-bit field, so the loop never ends in any reading. C packs the fields into one byte with shifts
   and masks; read as mathematical integers (termcomp) those operations would take the byte for the number 240. */
int main(void) {
  struct packed s = {0, 0};
  int v = __VERIFIER_nondet_int();
  if (v != -1) return 0;
  s.high = v;
  while (s.high < 0) {
  }
  return 0;
}
