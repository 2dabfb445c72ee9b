/* The first byte of a __VERIFIER_nondet_String is arbitrary (or the final '\0'): the loop runs forever unless it is
   'x'. */
extern char* __VERIFIER_nondet_String(void);

int main(void) {
  char* s = __VERIFIER_nondet_String();
  while (s[0] != 'x') {
  }
  return 0;
}
