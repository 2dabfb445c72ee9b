// Seed 000 function g: j is incremented until it wraps to 0, so g terminates for every input (unsigned, no overflow).
extern unsigned int __VERIFIER_nondet_uint(void);
void g(unsigned int j) {
  while (j > 0) j++;
}

int main(void) {
  g(__VERIFIER_nondet_uint());
  return 0;
}
