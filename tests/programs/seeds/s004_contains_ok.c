// Seed 004 (LLBMC) loop reading a[0..3] of a global 4-element array: in bounds.
void reach_error(void);
int x[4] = {1, 2, 3, 4};

int contains(int *a) {
  int i = 0, r = 0;
  for (;;) {
    r = a[i] + r;
    i = i + 1;
    if (i == 4) break;
  }
  return r;
}

int main(void) {
  if (contains(x) != 10) reach_error();
  return 0;
}
