// Nested loops whose inner bound is the outer counter: a lexicographic proof (outer i, then inner j).
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  int last = 0;
  for (int i = 0; i < n; i++)
    for (int j = 0; j < i; j++) last = j;
  return last;
}
