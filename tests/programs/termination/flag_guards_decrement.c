extern int __VERIFIER_nondet_int(void);

/* The loop goes on only while n was non-negative after its decrement, so n - 1 can only reach the lowest int on
   the first pass, which the check before the loop excludes. The merged loop head keeps neither fact: the graph's
   invariant (more != 0 implies n >= 0, after the first pass) does. */
int main(void) {
  int n = __VERIFIER_nondet_int();
  int more = __VERIFIER_nondet_int();
  if (n < -2147483647) return 0;
  while (more != 0) {
    n = n - 1;
    more = n >= 0;
  }
  return 0;
}
