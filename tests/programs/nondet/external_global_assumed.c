// The LDV pattern: an assumption about an external global (defined nowhere in the program) written as a loop
// that never ends when it fails. SV-COMP's tasks of this kind expect termination TRUE, so their contents are not
// inputs: no execution that reads them may become a counterexample.
extern int nr_cpu_ids;
void assume(int expression) {
  if (expression == 0) {
  again:
    goto again;
  }
}
int main(void) {
  assume(nr_cpu_ids > 0);
  return 0;
}
