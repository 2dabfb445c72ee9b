// A search unrolled four times that remembers the last match: every iteration has sixteen paths, and the bytes
// are read in both readings (signed for the comparison with c, unsigned for the test against zero).
extern int __VERIFIER_nondet_int(void);
extern char __VERIFIER_nondet_char(void);
#include <alloca.h>

static char *last_match(const char *t, int c) {
  char ch = c;
  const char *last = 0;
  for (;;) {
    if (*t == ch) last = t; if (!*t) return (char *)last; ++t;
    if (*t == ch) last = t; if (!*t) return (char *)last; ++t;
    if (*t == ch) last = t; if (!*t) return (char *)last; ++t;
    if (*t == ch) last = t; if (!*t) return (char *)last; ++t;
  }
}

int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 64) return 0;
  char *s = alloca(n);
  for (int i = 0; i < n - 1; i++) s[i] = __VERIFIER_nondet_char();
  s[n - 1] = 0;
  return last_match(s, __VERIFIER_nondet_int()) != 0;
}
