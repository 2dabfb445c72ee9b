extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

unsigned int g;

/* An int stored in an unsigned object, later only compared: C converts -1 to 4294967295, equal to m, and the loop
   is never entered. With unbounded integers (termcomp) g holds -1, never equal to m: the loop never ends. The IR
   shows neither the conversion nor an unsigned operation. */
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned int m = __VERIFIER_nondet_uint();
  if (x != -1 || m < 4294967295u) {
    return 0;
  }
  g = x;
  while (g != m) {
  }
  return 0;
}
