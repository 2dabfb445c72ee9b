// Seed 004 (LLBMC) Fibonacci with a fixed input: fib(15) = 610 is computed without overflow.
void reach_error(void);

int fib(int n)
{
  if (n == 0) {
    return 0;
  } else if (n == 1) {
    return 1;
  } else {
    return fib(n-1) + fib(n-2);
  }
}

int main(void)
{
  if (fib(15) != 610) reach_error();
  return 0;
}
