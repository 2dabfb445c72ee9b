extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);
extern void reach_error(void);

/* C converts x to unsigned before the exclusive or, and -1 ^ 4294967295u is 0. With mathematical integers
   (termcomp) the conversion keeps -1, whose infinite two's complement differs from 4294967295's: r is not 0, and an
   execution in C that calls reach_error shows nothing there. */
int main(void) {
  int x = __VERIFIER_nondet_int();
  unsigned int y = __VERIFIER_nondet_uint();
  if (x != -1 || y != 4294967295u) return 0;
  unsigned int r = x ^ y;
  if (r == 0) reach_error();
  return 0;
}
