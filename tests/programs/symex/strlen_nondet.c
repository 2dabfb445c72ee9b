// Seed 002 §10.1: strlen over a string of any length, on the stack. The loop's generalized state must keep
// "s < end of the block" (from the 0 at the end and the non-zero bytes before it) to prove every read in bounds.
extern int __VERIFIER_nondet_int(void);
#include <alloca.h>

int my_strlen(const char* str) {
  const char* s = str;
  while (*s) s++;
  return s - str;
}

int main() {
  int length = __VERIFIER_nondet_int();
  if (length < 1) length = 1;
  char* text = alloca(length);
  text[length - 1] = '\0';
  return my_strlen(text);
}
