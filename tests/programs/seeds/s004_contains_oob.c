// Seed 004 (LLBMC) loop reading a[0..3] of a global 3-element array: a[3] is out of bounds.
int x[3] = {1, 2, 3};

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
  return contains(x);
}
