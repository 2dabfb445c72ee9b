/* Under the Termination Competition's rules main's parameters hold any integer: for argc = 2 the loop never ends.
   A run started without arguments (argc = 1) ends, but it is not the program's only execution there. */
int main(int argc, char **argv) {
  while (argc != 1) {
  }
  return 0;
}
