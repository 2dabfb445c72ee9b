// Two counters that move against each other forever: the state at the loop head recurs only after 32768 visits,
// too many to list one by one, so the recurrent set is their orbit (`i` even, `j` determined by `i`).
extern unsigned short __VERIFIER_nondet_ushort(void);
int main(void) {
  unsigned short i = __VERIFIER_nondet_ushort();
  short j = 5;
  while (i % 2 == 0) {
    i += 6;
    j -= 12;
  }
  return 0;
}
