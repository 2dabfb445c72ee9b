// An engine that reaches Z3 past the solver layer in each way tests/boundaries/solver_layer.py forbids: the check must
// report all five places (ctest boundaries/solver-layer-probe). Never compiled.
#include <z3++.h>

z3::check_result probe(z3::context& context, const z3::expr& fact) {
  z3::solver solver(context);
  z3::solver other = (z3::tactic(context, "simplify") & z3::tactic(context, "smt")).mk_solver();
  z3::params params(context);
  params.set("rlimit", 1000u);
  solver.set(params);
  solver.add(fact);
  try {
    return solver.check();
  } catch (const z3::exception&) {
    return z3::unknown;
  }
}

// Not a solver made here: a function that returns one.
z3::solver solver();
