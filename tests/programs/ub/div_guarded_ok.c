// Divisions and remainders by -2..2 that skip the zero divisor: defined and in range.
void reach_error(void);
int main(void) {
  int s = 0;
  for (int d = -2; d <= 2; d++) {
    if (d != 0) s += 100 / d + 7 % d;
  }
  if (s != 2) reach_error();
  return 0;
}
