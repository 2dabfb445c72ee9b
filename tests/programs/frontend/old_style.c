// Old-style C accepted by SV-COMP: main without a return type and a K&R function definition.
void reach_error();
int twice(x)
  int x;
{
  return x + x;
}
main()
{
  int r = twice(21);
  if (r != 42) reach_error();
  return 0;
}
