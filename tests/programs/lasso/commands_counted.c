// The system of commands_in_one_order.c, but it stops after a hundred commands: the cycle of commands no longer
// brings it back to a state it was in, and it terminates.
extern int __VERIFIER_nondet_int(void);

int mode = 0;

int react(int command) {
  if (mode == 0 && command == 3) mode = 1;
  else if (mode == 1 && command == 5) mode = 2;
  else if (mode == 2 && command == 4) mode = 1;
  else return -1;
  return mode;
}

int main(void) {
  int commands = 0;
  while (commands < 100) {
    int command = __VERIFIER_nondet_int();
    if (command < 1 || command > 6) return 0;
    if (react(command) < 0) return 1;
    commands++;
  }
  return 2;
}
