// Writes through a pointer to a block-scope local after its block has ended (lifetime over; cf. SV-COMP memsafety-ext3/scopes1).
int main(void) {
  int *p;
  {
    int x = 1;
    p = &x;
  }
  *p = 2;
  return 0;
}
