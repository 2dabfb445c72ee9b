// Seed 000 function f: for x == UINT_MAX the loop never ends (j wraps to 0), so termination is FALSE.
extern unsigned int __VERIFIER_nondet_uint(void);
void f(unsigned int x) {
  unsigned int j = 0;
  while (j <= x) j++;
}

int main(void) {
  f(__VERIFIER_nondet_uint());
  return 0;
}
