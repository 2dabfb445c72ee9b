// The loop's only measure is an array element at a fixed index, which the loop head first meets before the body
// has read it.
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a[16];
  for (int i = 0; i < 16; i++) a[i] = __VERIFIER_nondet_int();
  while (a[5] >= 0) a[5] = a[5] - 1;
  return 0;
}
