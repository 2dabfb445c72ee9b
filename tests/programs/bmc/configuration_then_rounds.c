// A system whose nondeterminism is its initial configuration: three distinct identities and a copy of the first.
// The error shows after 300000 rounds, and only when the first identity is larger than the second. No bound that
// fits in the time unwinds 300000 rounds, and random identities almost never satisfy the configuration's
// constraints; a model of "an execution runs past the bound" does, and an execution goes on from it (with the
// identities exchanged, if the model put them in the other order).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);

int main(void) {
  int id1 = __VERIFIER_nondet_int(), id2 = __VERIFIER_nondet_int(), id3 = __VERIFIER_nondet_int();
  int copy = __VERIFIER_nondet_int();
  if (id1 <= 1000 || id2 <= 1000 || id3 <= 1000 || id1 >= 100000 || id2 >= 100000 || id3 >= 100000) return 0;
  if (id1 == id2 || id2 == id3 || id1 == id3 || copy != id1) return 0;
  int leader = 0;
  for (int round = 0; round < 300000; round++) {
    leader = round % 3 == 0 ? id1 : round % 3 == 1 ? id2 : id3;
    if (round == 299999 && copy > id2 && leader != copy) reach_error();
  }
  return leader == 0;
}
