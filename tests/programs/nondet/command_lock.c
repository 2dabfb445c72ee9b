// A reactive system: it reads commands 1-4 until it sees another value. The error needs the one sequence
// 1 3 2 4 2 1 of six commands; any wrong command resets the lock. Random inputs almost never pass the input check
// six times, let alone in this order; a breadth-first search over the commands the program compares its input with
// finds the sequence after a few dozen states (the command's variable is a fresh object in each iteration, and the
// last command still sits in it: neither may keep equal states apart).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int state = 0;

int step(int command) {
  int work = 0;  // each command costs an inner loop that a bounded unwinding must unroll in full
  for (int k = 0; k < 300; k++) work += k % (command + 1);
  if (work < 0) return 0;
  if (command == 1 && state == 0) return 1;
  if (command == 3 && state == 1) return 2;
  if (command == 2 && state == 2) return 3;
  if (command == 4 && state == 3) return 4;
  if (command == 2 && state == 4) return 5;
  if (command == 1 && state == 5) return 6;
  return 0;
}

int main(void) {
  while (1) {
    int command = __VERIFIER_nondet_int();
    if (command < 1 || command > 4) return 0;
    state = step(command);
    if (state == 6) reach_error();
  }
}
