// Each pass either moves to the next element or decrements the current one, which must stay non-negative: ranked
// lexicographically by the index and the element it selects. The loop head first meets the element with k still
// at 0, and later where k may be the array's length, so the head names a[k] only where it lies inside the array.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[16];
  for (int i = 0; i < 16; i++) a[i] = __VERIFIER_nondet_int();
  int k = 0;
  while (k < 16 && a[k] >= 0) {
    if (__VERIFIER_nondet_int())
      k++;
    else
      a[k]--;
  }
  return 0;
}
