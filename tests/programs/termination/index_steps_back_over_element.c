// The index goes back as well as forward, so the loop can alternate between two elements forever: the element
// named at the loop head decreases on one path only, and the index both rises and falls.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[8];
  for (int i = 0; i < 8; i++) a[i] = __VERIFIER_nondet_int();
  int k = 0;
  while (k < 8 && a[k] >= 0) {
    int choice = __VERIFIER_nondet_int();
    if (choice > 0)
      k++;
    else if (choice < 0 && k > 0)
      k--;
    else
      a[k]--;
  }
  return 0;
}
