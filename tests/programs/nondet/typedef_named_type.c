extern void reach_error(void);
/* A nondet function named after a typedef of the program: it returns any value of its declared type. */
typedef char msg_t;
typedef unsigned short port_t;
extern msg_t __VERIFIER_nondet_msg_t(void);
extern port_t __VERIFIER_nondet_port_t(void);

int main(void) {
  msg_t m = __VERIFIER_nondet_msg_t();
  port_t p = __VERIFIER_nondet_port_t();
  int sum = 0;
  for (int i = 0; i < m; i++) sum = sum + 1; /* at most 127 passes */
  if (p == 65535 && m == -1) reach_error();  /* reachable: both are values of their types */
  return sum;
}
