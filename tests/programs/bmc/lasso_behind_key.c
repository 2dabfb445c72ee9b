// Only one input value makes the loop cycle (x runs through 0, 1, 2 forever); for every other value it ends.
extern int __VERIFIER_nondet_int(void);

int main(void) {
  int key = __VERIFIER_nondet_int();
  int x = 0;
  while (x <= 10) {
    if (key == 4242)
      x = (x + 1) % 3;
    else
      x++;
  }
  return 0;
}
