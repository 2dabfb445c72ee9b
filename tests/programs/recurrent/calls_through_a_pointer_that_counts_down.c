// The loop calls `step` through a pointer until n, counted down from 2^31, reaches 0: it ends. The pointer's value
// is an address, which says nothing about which function it is in an iteration taken from any state, so no fact
// about it may make a recurrent set (with `stay` there, the loop would run forever).
unsigned n = 2147483648u;
void stay(void) {}
void step(void) { n--; }
void (*fp)(void) = step;
int main(void) {
  if (n == 1) fp = stay;
  while (n != 0) fp();
  return 0;
}
