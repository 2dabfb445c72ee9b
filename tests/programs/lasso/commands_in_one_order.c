// A reactive system in the style of RERS's event-condition-action programs: it reads a command at a time, and every
// command but 3, then 5 and 4 in turn, ends it. Only the sequence 3 5 4 5 4 ... runs forever, which random commands
// hardly ever draw; the explicit-state search meets the state after 3 again and executes the cycle.
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
  while (1) {
    int command = __VERIFIER_nondet_int();
    if (command < 1 || command > 6) return 0;
    int output = react(command);
    if (output < 0) return 1;
  }
}
