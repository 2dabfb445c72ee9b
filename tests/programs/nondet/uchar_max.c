// reach_error when the nondet unsigned char is 255.
extern unsigned char __VERIFIER_nondet_uchar(void);
void reach_error(void);
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  if (c == 255) reach_error();
  return 0;
}
