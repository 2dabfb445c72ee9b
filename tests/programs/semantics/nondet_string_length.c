/* The Termination Competition's __VERIFIER_nondet_String returns fresh memory whose last byte is '\0'. The walk
   stops at the first '\0' (perhaps before the last byte); counting in a long cannot overflow, since no object has
   more than LONG_MAX bytes. */
extern char* __VERIFIER_nondet_String(void);

int main(void) {
  char* s = __VERIFIER_nondet_String();
  long length = 0;
  while (*s != '\0') {
    s++;
    length++;
  }
  return length > 0;
}
