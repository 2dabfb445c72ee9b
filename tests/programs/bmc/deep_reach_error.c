// The error needs one input value and a particular subset of twenty choices: random inputs practically never
// hit it; the unwound program's formula has it as a model.
extern int __VERIFIER_nondet_int(void);
extern _Bool __VERIFIER_nondet_bool(void);
extern void reach_error(void);

int main(void) {
  int key = __VERIFIER_nondet_int();
  int sum = 0;
  for (int i = 0; i < 20; i++)
    if (__VERIFIER_nondet_bool()) sum += i;
  if (key == 99991 && sum == 137) reach_error();
  return 0;
}
