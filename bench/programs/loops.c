// Loop-heavy program for the interpreter speed benchmark: integer arithmetic, array traffic, calls and branches.
// It has no nondet input; its single execution runs about a hundred million IR instructions at -O0.
#define N 4096
static unsigned table[N];
static int sieve[N];

static unsigned mix(unsigned h, unsigned v) { return (h ^ v) * 16777619u; }

int main(void) {
  unsigned h = 2166136261u;
  for (int round = 0; round < 300; round++) {
    for (int i = 0; i < N; i++) sieve[i] = 1;
    for (int i = 2; i * i < N; i++)
      if (sieve[i])
        for (int j = i * i; j < N; j += i) sieve[j] = 0;
    for (int i = 0; i < N; i++) {
      table[i] = mix(h, (unsigned)i * (unsigned)sieve[i]);
      h = table[i] + (h >> 3);
    }
    int lo = 0, hi = N - 1;
    while (lo < hi) {
      unsigned t = table[lo];
      table[lo++] = table[hi];
      table[hi--] = t;
    }
  }
  return h == 0 ? 1 : 0;
}
