// The body's local, whose address is taken, and the callee's locals are new objects in every iteration; the state
// of the program recurs all the same, and the loop never ends.
extern int __VERIFIER_nondet_int(void);

int parity(int v) {
  int t = v;
  int *q = &t;
  return *q % 2;
}

int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0) return 0;
  x = parity(x);
  while (1) {
    int v = x;
    int *p = &v;
    x = parity(*p + 1) == 0 ? 0 : 1;
  }
}
