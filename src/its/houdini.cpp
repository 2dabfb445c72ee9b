#include "houdini.h"

#include <algorithm>
#include <optional>
#include <string>

namespace atropos::its {

std::vector<Constraint> holdingAfter(const LinearTransition& t, unsigned variables,
                                     const std::vector<Constraint>& premises,
                                     const std::vector<Constraint>& candidates, z3::context& context,
                                     const smt::Limits& limits) {
  auto kept = [&](const Constraint& c) {
    return std::all_of(c.expr.terms.begin(), c.expr.terms.end(), [&](const auto& term) {
      return term.first < variables && t.update[term.first] == LinearExpr::variable(term.first);
    });
  };
  std::vector<smt::Term> values, temporaries;
  for (unsigned v = 0; v < variables; ++v) values.push_back(context.int_const(("x" + std::to_string(v)).c_str()));
  for (unsigned k = 0; k < t.temporaries; ++k)
    temporaries.push_back(context.int_const(("t" + std::to_string(k)).c_str()));
  std::vector<Constraint> holding;
  std::optional<z3::solver> solver;  // the guard and the premises, made once if needed
  for (const Constraint& candidate : candidates) {
    if (kept(candidate) && std::find(t.guard.begin(), t.guard.end(), candidate) != t.guard.end()) {
      holding.push_back(candidate);
      continue;
    }
    if (limits.deadline.expired()) continue;
    if (!solver) {
      solver.emplace(smt::makeSolver(context, smt::Procedure::LinearIntegers, limits));
      for (const Constraint& c : t.guard) solver->add(toZ3(c, context, values, temporaries));
      for (const Constraint& c : premises) solver->add(toZ3(c, context, values, temporaries));
    }
    const LinearExpr afterwards = candidate.expr.substituted([&](unsigned v) { return t.update[v]; });
    solver->push();
    solver->add(!toZ3(Constraint{afterwards, candidate.equality}, context, values, temporaries));
    if (solver->check() == z3::unsat) holding.push_back(candidate);
    solver->pop();
  }
  return holding;
}

size_t addToGuards(LinearIts& its, const std::vector<std::vector<Constraint>>& facts, const std::vector<bool>* chosen) {
  size_t added = 0;
  for (size_t i = 0; i < its.transitions.size(); ++i) {
    if (chosen && !(*chosen)[i]) continue;
    LinearTransition& t = its.transitions[i];
    for (const Constraint& fact : facts[t.from])
      if (std::find(t.guard.begin(), t.guard.end(), fact) == t.guard.end()) {
        t.guard.push_back(fact);
        ++added;
      }
  }
  return added;
}

}  // namespace atropos::its
