// Dereferences a pointer to a local variable of a function that has returned.
int *saved;
void keep(void) {
  int local = 5;
  saved = &local;
}
int main(void) {
  keep();
  return *saved;
}
