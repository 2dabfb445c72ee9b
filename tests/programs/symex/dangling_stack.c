// Returns the address of a local and reads through it after the function returned.
extern int __VERIFIER_nondet_int(void);

int* address_of_local(int v) {
  int local = v;
  int* p = &local;
  return p;
}

int main() {
  int* p = address_of_local(__VERIFIER_nondet_int());
  return *p;
}
