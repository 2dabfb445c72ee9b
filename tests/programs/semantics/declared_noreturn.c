/* Under the Termination Competition's rules a function that is only declared ends; one the program declares
   noreturn cannot return either, so the call ends the execution as abort does. Were fatal to return, a negative x
   would count down for ever. */
extern int __VERIFIER_nondet_int(void);
extern void fatal(const char *message) __attribute__((noreturn));

int main(void) {
  int x = __VERIFIER_nondet_int();
  while (x != 0) {
    if (x < 0) fatal("negative");
    x = x - 1;
  }
  return 0;
}
