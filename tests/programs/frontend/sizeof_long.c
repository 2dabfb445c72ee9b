// sizeof(long) and sizeof(void *) are 4 on ILP32 and 8 on LP64; reach_error is called only on LP64.
void reach_error(void);
int main(void) {
  if (sizeof(long) != sizeof(void *)) return 1;
  if (sizeof(long) == 8) reach_error();
  return 0;
}
