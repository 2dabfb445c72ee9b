// An index walks a string through a fixed pointer: a + i stays at or below the terminator's address, so the loop
// reads inside the buffer and ends. Needs the merge to relate the index to the pointer it is added to.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1) return 1;
  char *a = __builtin_alloca(n);
  a[n - 1] = 0;
  unsigned i;
  for (i = 0; a[i]; i++) {
  }
  return (int)i;
}
