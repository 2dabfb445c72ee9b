// walk and step call each other with arguments that cycle through 1..5 (after falling by threes): unless x is 0,
// some call is made again, nested in itself, with the same argument, and the recursion never ends.
extern int __VERIFIER_nondet_int(void);
int walk(int x);
int step(int x) {
  if (x > 3) return walk(x - 3);
  return walk(x + 2);
}
int walk(int x) {
  if (x == 0) return 0;
  return step(x) + 1;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x < 0) return 0;
  return walk(x);
}
