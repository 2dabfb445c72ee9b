// Seed 000 function g from 4294967290: wraps to 0 after 6 increments and terminates.

void g(unsigned int j) {
  while (j > 0) j++;
}

int main(void) {
  g(4294967290u);
  return 0;
}
