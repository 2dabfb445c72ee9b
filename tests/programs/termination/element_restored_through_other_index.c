// The element a[k] is decremented, but a[j] is incremented after it, and j may be k: then a[k] never falls and the
// loop can run forever. The value the loop head names for a[k] must be forgotten by the write through a[j].
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[8];
  for (int i = 0; i < 8; i++) a[i] = __VERIFIER_nondet_int();
  int k = 0;
  while (k < 8 && a[k] >= 0) {
    int j = __VERIFIER_nondet_int();
    if (j < 0 || j >= 8) j = 0;
    if (__VERIFIER_nondet_int()) {
      k++;
    } else {
      a[k]--;
      a[j]++;
    }
  }
  return 0;
}
