// The solver layer itself may reach Z3 (tests/boundaries/solver_layer.py passes over the smt folder). Never compiled.
#include <z3++.h>

z3::solver made(z3::context& context) { return z3::solver(context); }
