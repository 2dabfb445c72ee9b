// No linear function decreases on both branches, but neither branch can follow the other: |x| shrinks.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x != 0) {
    if (x > 0)
      x--;
    else
      x++;
  }
  return 0;
}
