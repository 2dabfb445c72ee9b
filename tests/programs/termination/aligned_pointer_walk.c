extern int __VERIFIER_nondet_int(void);

/* The pointer walks the array an int at a time, so it is always a whole number of ints past its start: it reaches
   the terminating zero before it could read past the array's end. Without that remainder the last read may
   straddle the end. */
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000000) return 0;
  int *a = __builtin_alloca(n * sizeof(int));
  a[n - 1] = 0;
  int *p = a;
  while (*p != 0) p++;
  return (int)(p - a);
}
