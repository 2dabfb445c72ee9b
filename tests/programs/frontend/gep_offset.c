// Seed 004 (LLBMC) GEP example: &s[1].Z.B[5][13] is 1296 bytes after s on x86-64 and 1288 on i386.
void reach_error(void);
struct RT {
  char A;
  int B[10][20];
  char C;
};
struct ST {
  int X;
  double Y;
  struct RT Z;
};

int *foo(struct ST *s) {
  return &s[1].Z.B[5][13];
}

struct ST arr[2];

int main(void) {
  long expected = sizeof(void *) == 8 ? 1296 : 1288;
  int *q = foo(arr);
  *q = 7;
  if ((char *)q - (char *)arr != expected) reach_error();
  if (arr[1].Z.B[5][13] != 7) reach_error();
  return 0;
}
