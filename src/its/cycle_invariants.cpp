#include "its/cycle_invariants.h"

#include <algorithm>
#include <map>
#include <optional>
#include <vector>

#include "houdini.h"
#include "its/simplify.h"

namespace atropos::its {

namespace {

// Rounds of "given what holds at the sources": each makes the invariants hold one transition later.
constexpr unsigned kMaxRounds = 4;

void addOnce(std::vector<Constraint>& set, const Constraint& c) {
  if (std::find(set.begin(), set.end(), c) == set.end()) set.push_back(c);
}

// What the transition's guard says of the state after it, where each variable it reads can be told from the new
// values (kept, or copied into some variable with a constant added), and the constants it assigns.
std::vector<Constraint> carriedThrough(const LinearTransition& t, unsigned variables) {
  std::vector<std::optional<LinearExpr>> oldValue(variables);
  for (unsigned w = 0; w < variables; ++w) {
    if (t.update[w] == LinearExpr::variable(w)) {
      oldValue[w] = LinearExpr::variable(w);
      continue;
    }
    for (unsigned v = 0; v < variables && !oldValue[w]; ++v) {
      const LinearExpr& u = t.update[v];
      if (u.terms.size() == 1 && u.terms[0].first == w && u.terms[0].second == 1)
        oldValue[w] = LinearExpr::variable(v) - LinearExpr::number(u.constant);
    }
  }
  std::vector<Constraint> carried;
  for (const Constraint& c : t.guard) {
    if (c.expr.isConstant() || !std::all_of(c.expr.terms.begin(), c.expr.terms.end(), [&](const auto& term) {
          return term.first < variables && oldValue[term.first];
        }))
      continue;
    addOnce(carried, Constraint{c.expr.substituted([&](unsigned w) { return *oldValue[w]; }), c.equality});
  }
  for (unsigned v = 0; v < variables; ++v)
    if (t.update[v].isConstant() && !(t.update[v] == LinearExpr::variable(v))) {
      LinearExpr difference = LinearExpr::variable(v) - t.update[v];
      addOnce(carried, Constraint{difference, true});
      addOnce(carried, Constraint{difference, false});
      addOnce(carried, Constraint{difference.scaled(-1), false});
    }
  return carried;
}

// Per location, the invariants of the cycles `components` (as in the header); none when the deadline passed.
std::optional<std::vector<std::vector<Constraint>>> cycleInvariants(const LinearIts& its,
                                                                    const std::vector<std::vector<size_t>>& components,
                                                                    z3::context& context, const smt::Limits& limits) {
  const unsigned n = static_cast<unsigned>(its.variables.size());
  std::vector<std::vector<Constraint>> holding(its.locations.size());
  for (const std::vector<size_t>& component : components) {
    std::map<LocationId, std::vector<Constraint>> candidates;
    for (size_t i : component)
      for (const Constraint& c : carriedThrough(its.transitions[i], n)) addOnce(candidates[its.transitions[i].to], c);
    for (unsigned round = 0; round < kMaxRounds; ++round) {
      if (limits.deadline.expired()) return std::nullopt;
      std::map<LocationId, std::vector<Constraint>> next;
      for (auto& [l, facts] : candidates) next[l] = facts;
      for (size_t i : component) {
        const LinearTransition& t = its.transitions[i];
        std::vector<Constraint>& facts = next[t.to];
        if (facts.empty()) continue;
        facts = holdingAfter(t, n, holding[t.from], facts, context, limits);
      }
      bool grown = false;
      for (auto& [l, facts] : next) {
        grown = grown || facts.size() != holding[l].size();
        holding[l] = std::move(facts);
      }
      if (!grown) break;
    }
  }
  // An equation says what the two inequalities of its constant assignment say.
  for (std::vector<Constraint>& facts : holding) {
    const std::vector<Constraint> all = facts;
    std::erase_if(facts, [&](const Constraint& c) {
      return !c.equality && (std::find(all.begin(), all.end(), Constraint{c.expr, true}) != all.end() ||
                             std::find(all.begin(), all.end(), Constraint{c.expr.scaled(-1), true}) != all.end());
    });
  }
  return holding;
}

}  // namespace

std::vector<std::vector<Constraint>> strengthenWithCycleInvariants(LinearIts& its, z3::context& context,
                                                                   const smt::Limits& limits) {
  try {
    const std::vector<std::vector<size_t>> components = cyclicComponents(its);
    std::optional<std::vector<std::vector<Constraint>>> holding =
        cycleInvariants(its, components, context, limits);
    if (!holding) return {};
    std::vector<bool> onCycle(its.transitions.size(), false);
    for (const std::vector<size_t>& component : components)
      for (size_t i : component) onCycle[i] = true;
    addToGuards(its, *holding, &onCycle);
    return std::move(*holding);
  } catch (const ArithmeticOverflow&) {
    return {};
  }
}

}  // namespace atropos::its
