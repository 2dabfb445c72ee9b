// Seed 004 (LLBMC) Fibonacci with nondet input: n-1 overflows for n = INT_MIN.
extern int __VERIFIER_nondet_int(void);

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
  int x = __VERIFIER_nondet_int();
  return fib(x);
}
