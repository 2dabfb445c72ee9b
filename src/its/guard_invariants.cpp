#include "its/guard_invariants.h"

#include <algorithm>
#include <vector>

#include "houdini.h"

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

size_t strengthenWithGuardInvariants(LinearIts& its, z3::context& context, const smt::Limits& limits) {
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
  // Houdini: a fact goes when some transition into its location may end in a state without it.
  for (bool changed = true; changed;) {
    changed = false;
    for (const LinearTransition& t : its.transitions) {
      if (t.to == its.start || !reached[t.from] || facts[t.to].empty()) continue;
      if (limits.deadline.expired()) return 0;
      std::vector<Constraint> kept =
          holdingAfter(t, n, facts[t.from], facts[t.to], context, limits);
      if (kept.size() != facts[t.to].size()) {
        facts[t.to] = std::move(kept);
        changed = true;
      }
    }
  }
  if (limits.deadline.expired()) return 0;
  return addToGuards(its, facts);
}

}  // namespace atropos::its
