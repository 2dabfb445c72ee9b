#include "its/guard_invariants.h"

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "smt/solver.h"

namespace atropos::its {

namespace {

// Whether the constraint reads system variables only, each of which the transition leaves unchanged.
bool keptBy(const Constraint& c, const LinearTransition& t, unsigned variables) {
  return !c.expr.isConstant() && std::all_of(c.expr.terms.begin(), c.expr.terms.end(), [&](const auto& term) {
    return term.first < variables && t.update[term.first] == LinearExpr::variable(term.first);
  });
}

std::vector<bool> reachedFromStart(const LinearIts& its) {
  std::vector<bool> reached(its.locations.size(), false);
  reached[its.start] = true;
  for (bool changed = true; changed;) {
    changed = false;
    for (const LinearTransition& t : its.transitions)
      if (reached[t.from] && !reached[t.to]) changed = reached[t.to] = true;
  }
  return reached;
}

}  // namespace

size_t strengthenWithGuardInvariants(LinearIts& its, z3::context& context, const Deadline& deadline,
                                     unsigned queryMillis) {
  if (its.everyLocationStarts) return 0;
  const unsigned n = static_cast<unsigned>(its.variables.size());
  const std::vector<bool> reached = reachedFromStart(its);
  // Candidates: what the transitions into a location require of the variables they keep, and what holds before
  // them of variables they keep (a bound checked a few transitions before the location). The start has none: runs
  // begin there with any values.
  std::vector<std::vector<Constraint>> facts(its.locations.size());
  for (bool grown = true; grown;) {
    grown = false;
    for (const LinearTransition& t : its.transitions) {
      if (t.to == its.start || !reached[t.from]) continue;
      const std::vector<Constraint> before = facts[t.from];  // facts[t.to] may be the same and grow
      for (const std::vector<Constraint>* source : {&t.guard, &before})
        for (const Constraint& c : *source)
          if (keptBy(c, t, n) && std::find(facts[t.to].begin(), facts[t.to].end(), c) == facts[t.to].end()) {
            facts[t.to].push_back(c);
            grown = true;
          }
    }
  }
  std::vector<smt::Term> variables;
  for (unsigned v = 0; v < n; ++v) variables.push_back(context.int_const(("x" + std::to_string(v)).c_str()));
  // Houdini: a fact goes when some transition into its location may end in a state without it.
  for (bool changed = true; changed;) {
    changed = false;
    for (const LinearTransition& t : its.transitions) {
      if (t.to == its.start || !reached[t.from] || facts[t.to].empty()) continue;
      if (deadline.expired()) return 0;
      std::vector<smt::Term> temporaries;
      for (unsigned k = 0; k < t.temporaries; ++k)
        temporaries.push_back(context.int_const(("t" + std::to_string(k)).c_str()));
      std::vector<Constraint> kept;
      std::optional<z3::solver> solver;  // the transition's guard and its source's facts, made once if needed
      for (const Constraint& fact : facts[t.to]) {
        if (keptBy(fact, t, n) && std::find(t.guard.begin(), t.guard.end(), fact) != t.guard.end()) {
          kept.push_back(fact);
          continue;
        }
        if (!solver) {
          solver.emplace(smt::limitedSolver(context, "QF_LIA", smt::Limits{queryMillis, deadline}));
          for (const Constraint& c : t.guard) solver->add(toZ3(c, context, variables, temporaries));
          for (const Constraint& c : facts[t.from]) solver->add(toZ3(c, context, variables, temporaries));
        }
        const LinearExpr afterwards = fact.expr.substituted([&](unsigned v) { return t.update[v]; });
        solver->push();
        solver->add(!toZ3(Constraint{afterwards, fact.equality}, context, variables, temporaries));
        if (solver->check() == z3::unsat) kept.push_back(fact);
        solver->pop();
      }
      if (kept.size() != facts[t.to].size()) {
        facts[t.to] = std::move(kept);
        changed = true;
      }
    }
  }
  size_t added = 0;
  for (LinearTransition& t : its.transitions)
    for (const Constraint& fact : facts[t.from])
      if (std::find(t.guard.begin(), t.guard.end(), fact) == t.guard.end()) {
        t.guard.push_back(fact);
        ++added;
      }
  return added;
}

}  // namespace atropos::its
