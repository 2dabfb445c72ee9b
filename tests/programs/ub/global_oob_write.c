// Writes g[8] of an 8-element global array (a neighbouring global follows it).
int g[8];
int after[8];
int main(void) {
  for (int i = 0; i <= 8; i++) g[i] = i;
  return after[0];
}
