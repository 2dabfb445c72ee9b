// A pointer walks a zero-terminated buffer: the ranking function is the distance to the buffer's end.
extern char __VERIFIER_nondet_char(void);
int main(void) {
  char buffer[16];
  for (int i = 0; i < 15; i++) buffer[i] = __VERIFIER_nondet_char();
  buffer[15] = 0;
  char* s = buffer;
  while (*s) s++;
  return (int)(s - buffer);
}
