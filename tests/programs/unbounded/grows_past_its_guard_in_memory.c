/* grows_past_its_guard with k behind a pointer (a local of the kind the Termination Competition's programs allocate
   with alloca): the value stored is the value loaded, so the set *k > 7 is closed. */
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int *k = (int *)__builtin_alloca(sizeof(int));
  *k = __VERIFIER_nondet_int();
  while (*k > 7) *k = *k + 2;
  return 0;
}
