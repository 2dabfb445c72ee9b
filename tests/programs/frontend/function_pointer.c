// Calls through a table of function pointers and a callback parameter.
void reach_error(void);
static int add(int a, int b) { return a + b; }
static int sub(int a, int b) { return a - b; }
static int mul(int a, int b) { return a * b; }
int apply(int (*op)(int, int), int a, int b) { return op(a, b); }
int main(void) {
  int (*ops[3])(int, int) = {add, sub, mul};
  int r = 0;
  for (int i = 0; i < 3; i++) r += apply(ops[i], 6, 3);
  if (r != 9 + 3 + 18) reach_error();
  return 0;
}
