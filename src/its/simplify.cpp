#include "its/simplify.h"

#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "common/components.h"
#include "common/text.h"
#include "smt/solver.h"
#include "smt/term.h"

namespace atropos::its {

namespace {

// Renumbers temporary `from + shift` for every temporary index `from` (>= variables).
LinearExpr shiftTemporaries(const LinearExpr& e, unsigned variables, unsigned shift) {
  if (shift == 0) return e;
  LinearExpr result = e;
  for (auto& [v, c] : result.terms)
    if (v >= variables) v += shift;
  return result;
}

bool usesVariable(const LinearExpr& e, unsigned v) { return e.coefficient(v) != 0; }

// Replaces variable `v` by `by` everywhere in the transition (guard and update).
void substitute(LinearTransition& t, unsigned v, const LinearExpr& by) {
  auto replace = [&](const LinearExpr& e) {
    Integer c = e.coefficient(v);
    if (c == 0) return e;
    LinearExpr without = e;
    std::erase_if(without.terms, [&](const auto& term) { return term.first == v; });
    return without + by.scaled(c);
  };
  for (Constraint& c : t.guard) c.expr = replace(c.expr);
  for (LinearExpr& u : t.update) u = replace(u);
}

// Divides a constraint by the gcd of its coefficients (rounding the constant the right way for inequalities).
void normalize(Constraint& c) {
  Integer g = 0;
  for (const auto& [v, k] : c.expr.terms) g = gcd(g, k);
  if (g <= 1) return;
  if (c.equality) {
    if (c.expr.constant % g != 0) return;  // unsatisfiable over the integers; left to the solver
    for (auto& [v, k] : c.expr.terms) k /= g;
    c.expr.constant /= g;
    return;
  }
  for (auto& [v, k] : c.expr.terms) k /= g;
  // Σ k·x + c <= 0 with g | k: Σ (k/g)·x <= floor(-c/g), i.e. + ceil(c/g) <= 0.
  Integer q = c.expr.constant / g;
  if (c.expr.constant % g != 0 && c.expr.constant > 0) q += 1;
  c.expr.constant = q;
}

}  // namespace

LinearTransition compose(const LinearTransition& t1, const LinearTransition& t2, unsigned variables) {
  LinearTransition result;
  result.from = t1.from;
  result.to = t2.to;
  result.temporaries = t1.temporaries + t2.temporaries;
  result.origin = t1.origin.empty() ? t2.origin : t2.origin.empty() ? t1.origin : t1.origin + "; " + t2.origin;
  result.guard = t1.guard;
  auto afterFirst = [&](const LinearExpr& e) {
    return shiftTemporaries(e, variables, t1.temporaries).substituted([&](unsigned v) {
      return v < variables ? t1.update[v] : LinearExpr::variable(v);
    });
  };
  for (const Constraint& c : t2.guard) result.guard.push_back({afterFirst(c.expr), c.equality});
  for (const LinearExpr& u : t2.update) result.update.push_back(afterFirst(u));
  return result;
}

bool tidy(LinearTransition& t, unsigned variables) {
  auto onlyTemporaryOccurrence = [&](unsigned v) {
    for (const LinearExpr& u : t.update)
      if (usesVariable(u, v)) return false;
    return true;
  };
  bool changed = true;
  while (changed) {
    changed = false;
    // A temporary with coefficient ±1 in an equation is that equation's solution.
    for (size_t i = 0; i < t.guard.size() && !changed; ++i) {
      if (!t.guard[i].equality) continue;
      for (const auto& [v, c] : t.guard[i].expr.terms) {
        if (v < variables || (c != 1 && c != -1)) continue;
        const unsigned eliminated = v;
        LinearExpr rest = t.guard[i].expr;
        std::erase_if(rest.terms, [&](const auto& term) { return term.first == eliminated; });
        LinearExpr solution = rest.scaled(-c);  // c·v + rest == 0, c = ±1
        t.guard.erase(t.guard.begin() + static_cast<long>(i));
        substitute(t, eliminated, solution);
        changed = true;
        break;
      }
    }
    if (changed) continue;
    // A temporary that only occurs in inequalities, all bounding it from the same side, can always satisfy them.
    std::map<unsigned, int> side;  // +1 only positive coefficients, -1 only negative, 0 mixed or in an equation
    for (const Constraint& c : t.guard)
      for (const auto& [v, k] : c.expr.terms) {
        if (v < variables) continue;
        int s = c.equality ? 0 : (k > 0 ? 1 : -1);
        auto [it, inserted] = side.emplace(v, s);
        if (!inserted && it->second != s) it->second = 0;
      }
    for (const auto& [temporary, s] : side) {
      if (s == 0 || !onlyTemporaryOccurrence(temporary)) continue;
      const unsigned v = temporary;  // clang 14 cannot capture a structured binding
      std::erase_if(t.guard, [&](const Constraint& c) { return usesVariable(c.expr, v); });
      changed = true;
      break;
    }
  }
  // Of inequalities with the same linear part, only the tightest (the largest constant) says anything.
  std::map<std::vector<std::pair<unsigned, Integer>>, size_t> tightest;
  std::vector<Constraint> kept;
  for (Constraint& c : t.guard) {
    normalize(c);
    if (c.expr.isConstant()) {
      bool holds = c.equality ? c.expr.constant == 0 : c.expr.constant <= 0;
      if (!holds) return false;
      continue;
    }
    if (c.equality) {
      if (std::find(kept.begin(), kept.end(), c) == kept.end()) kept.push_back(c);
      continue;
    }
    auto [it, inserted] = tightest.emplace(c.expr.terms, kept.size());
    if (inserted)
      kept.push_back(c);
    else if (kept[it->second].expr.constant < c.expr.constant)
      kept[it->second] = c;
  }
  // Opposite bounds on the same linear part: e + a <= 0 and -e + b <= 0 contradict each other when a + b > 0 (a
  // composition of exclusive branches, which chaining makes many of), and make an equation when a + b == 0.
  std::vector<bool> dropped(kept.size(), false);
  for (size_t i = 0; i < kept.size(); ++i) {
    if (kept[i].equality || dropped[i]) continue;
    std::vector<std::pair<unsigned, Integer>> negated = kept[i].expr.terms;
    for (auto& [v, k] : negated) k = -k;
    auto opposite = tightest.find(negated);
    if (opposite == tightest.end() || dropped[opposite->second]) continue;
    Integer sum = checkedAdd(kept[i].expr.constant, kept[opposite->second].expr.constant);
    if (sum > 0) return false;
    if (sum == 0) {
      kept[i].equality = true;
      dropped[opposite->second] = true;
    }
  }
  for (size_t i = kept.size(); i-- > 0;)
    if (dropped[i]) kept.erase(kept.begin() + static_cast<long>(i));
  t.guard = std::move(kept);
  // Renumber the temporaries still in use.
  std::set<unsigned> used;
  for (const Constraint& c : t.guard)
    for (const auto& [v, k] : c.expr.terms)
      if (v >= variables) used.insert(v);
  for (const LinearExpr& u : t.update)
    for (const auto& [v, k] : u.terms)
      if (v >= variables) used.insert(v);
  std::map<unsigned, unsigned> renumbered;
  for (unsigned v : used) renumbered.emplace(v, variables + static_cast<unsigned>(renumbered.size()));
  auto rename = [&](LinearExpr& e) {
    for (auto& [v, k] : e.terms)
      if (v >= variables) v = renumbered.at(v);
    std::sort(e.terms.begin(), e.terms.end());
  };
  for (Constraint& c : t.guard) rename(c.expr);
  for (LinearExpr& u : t.update) rename(u);
  t.temporaries = static_cast<unsigned>(used.size());
  return true;
}

namespace {

void removeUnreachable(LinearIts& its) {
  if (its.everyLocationStarts) return;
  std::vector<bool> reached(its.locations.size(), false);
  std::vector<LocationId> work{its.start};
  reached[its.start] = true;
  while (!work.empty()) {
    LocationId l = work.back();
    work.pop_back();
    for (const LinearTransition& t : its.transitions)
      if (t.from == l && !reached[t.to]) {
        reached[t.to] = true;
        work.push_back(t.to);
      }
  }
  std::erase_if(its.transitions, [&](const LinearTransition& t) { return !reached[t.from]; });
}

// `variables` are the solver's constants for the system's variables.
bool satisfiable(const LinearTransition& t, const std::vector<smt::Term>& variables, z3::context& context,
                 const SimplifyLimits& limits) {
  if (limits.deadline.expired()) return true;
  const smt::Limits solverLimits{limits.queryMillis, limits.deadline, limits.smtLog};
  std::vector<smt::Term> temporaries;
  for (unsigned k = 0; k < t.temporaries; ++k) temporaries.push_back(context.int_const(numbered("t", k).c_str()));
  smt::Term guard = context.bool_val(true);
  for (const Constraint& c : t.guard) guard = guard && toZ3(c, context, variables, temporaries);
  return smt::checkLinearIntegers(context, guard, solverLimits) != z3::unsat;  // unknown keeps the transition
}

// Transitions with the same source, target and update that differ in what they require of variables they leave
// unchanged (the branches of a disjunction such as n != 0 on a value the loop never changes, which linearization
// splits) become one that requires of those variables only what all of them require. The result has more runs,
// never fewer, so a termination proof still holds; and chaining no longer multiplies the branches along a cycle.
// Returns whether some guard was weakened.
bool mergeSameEffect(LinearIts& its, unsigned variables) {
  bool weakened = false;
  using Update = std::vector<std::pair<std::vector<std::pair<unsigned, Integer>>, Integer>>;
  std::map<std::tuple<LocationId, LocationId, Update>, std::vector<size_t>> groups;
  for (size_t i = 0; i < its.transitions.size(); ++i) {
    const LinearTransition& t = its.transitions[i];
    // A temporary that only one update reads, alone, and no guard reads is an arbitrary value, whatever its number.
    std::map<unsigned, int> reads;
    for (const Constraint& c : t.guard)
      for (const auto& [v, k] : c.expr.terms) reads[v] += 2;
    for (const LinearExpr& u : t.update)
      for (const auto& [v, k] : u.terms) reads[v] += 1;
    constexpr unsigned kArbitrary = ~0u;
    Update update;
    bool constrainedTemporary = false;
    for (const LinearExpr& u : t.update) {
      if (u.terms.size() == 1 && u.terms[0].first >= variables && u.terms[0].second == 1 && u.constant == 0 &&
          reads[u.terms[0].first] == 1) {
        update.emplace_back(std::vector<std::pair<unsigned, Integer>>{{kArbitrary, 1}}, 0);
        continue;
      }
      update.emplace_back(u.terms, u.constant);
      for (const auto& [v, k] : u.terms) constrainedTemporary = constrainedTemporary || v >= variables;
    }
    if (!constrainedTemporary) groups[{t.from, t.to, std::move(update)}].push_back(i);
  }
  std::vector<bool> removed(its.transitions.size(), false);
  for (const auto& [key, members] : groups) {
    if (members.size() < 2) continue;
    const LinearTransition& first = its.transitions[members.front()];
    auto aboutUnchanged = [&](const Constraint& c) {
      return std::all_of(c.expr.terms.begin(), c.expr.terms.end(), [&](const auto& term) {
        return term.first < variables && first.update[term.first] == LinearExpr::variable(term.first);
      });
    };
    auto contains = [](const std::vector<Constraint>& guard, const Constraint& c) {
      return std::find(guard.begin(), guard.end(), c) != guard.end();
    };
    for (size_t m : members) {
      std::vector<Constraint> guard;
      for (const Constraint& c : its.transitions[m].guard)
        if (!aboutUnchanged(c) || std::all_of(members.begin(), members.end(),
                                              [&](size_t other) { return contains(its.transitions[other].guard, c); }))
          guard.push_back(c);
      weakened = weakened || guard.size() != its.transitions[m].guard.size();
      its.transitions[m].guard = std::move(guard);
    }
    for (size_t a = 0; a < members.size(); ++a)
      for (size_t b = 0; b < a && !removed[members[a]]; ++b) {
        if (removed[members[b]]) continue;
        const std::vector<Constraint>& x = its.transitions[members[a]].guard;
        const std::vector<Constraint>& y = its.transitions[members[b]].guard;
        if (x.size() == y.size() &&
            std::all_of(x.begin(), x.end(), [&](const Constraint& c) { return contains(y, c); }))
          removed[members[a]] = true;
      }
  }
  std::vector<LinearTransition> kept;
  for (size_t i = 0; i < its.transitions.size(); ++i)
    if (!removed[i]) kept.push_back(std::move(its.transitions[i]));
  its.transitions = std::move(kept);
  return weakened;
}

// Chains every location (other than the start) that has no transition to itself and few enough paths through it.
void chain(LinearIts& its, const SimplifyLimits& limits) {
  unsigned variables = static_cast<unsigned>(its.variables.size());
  bool changed = true;
  while (changed && !limits.deadline.expired()) {
    changed = false;
    std::vector<size_t> incoming(its.locations.size(), 0), outgoing(its.locations.size(), 0);
    std::vector<bool> selfLoop(its.locations.size(), false);
    for (const LinearTransition& t : its.transitions) {
      ++outgoing[t.from];
      ++incoming[t.to];
      if (t.from == t.to) selfLoop[t.from] = true;
    }
    // Fewest new transitions first, so that chains collapse before branchings multiply.
    std::optional<LocationId> best;
    for (LocationId l = 0; l < its.locations.size(); ++l) {
      if ((l == its.start && !its.everyLocationStarts) || selfLoop[l] || incoming[l] == 0) continue;
      if (l < its.cutPoints.size() && its.cutPoints[l]) continue;
      size_t product = incoming[l] * outgoing[l];
      if (product > std::max(limits.maxChainProduct, incoming[l] + outgoing[l])) continue;
      if (!best || product < incoming[*best] * outgoing[*best]) best = l;
    }
    if (!best) break;
    std::vector<LinearTransition> into, from, others;
    for (LinearTransition& t : its.transitions) {
      if (t.to == *best)
        into.push_back(std::move(t));
      else if (t.from == *best)
        from.push_back(std::move(t));
      else
        others.push_back(std::move(t));
    }
    for (const LinearTransition& a : into)
      for (const LinearTransition& b : from) {
        LinearTransition c = compose(a, b, variables);
        if (tidy(c, variables)) others.push_back(std::move(c));
      }
    its.transitions = std::move(others);
    changed = true;
  }
}

// Variables that no guard reads and that no update reads except their own copy (v' = v).
void dropUnreadVariables(LinearIts& its) {
  unsigned n = static_cast<unsigned>(its.variables.size());
  std::vector<bool> read(n, false);
  for (const LinearTransition& t : its.transitions)
    for (const Constraint& c : t.guard)
      for (const auto& [v, k] : c.expr.terms)
        if (v < n) read[v] = true;
  bool changed = true;
  while (changed) {
    changed = false;
    for (const LinearTransition& t : its.transitions)
      for (unsigned target = 0; target < n; ++target) {
        if (!read[target]) continue;
        for (const auto& [v, k] : t.update[target].terms)
          if (v < n && !read[v]) read[v] = changed = true;
      }
  }
  std::vector<unsigned> keep;
  for (unsigned v = 0; v < n; ++v)
    if (read[v]) keep.push_back(v);
  if (keep.size() == n) return;
  std::vector<int> newIndex(n, -1);
  for (unsigned k = 0; k < keep.size(); ++k) newIndex[keep[k]] = static_cast<int>(k);
  unsigned removed = n - static_cast<unsigned>(keep.size());
  auto renumber = [&](LinearExpr& e) {
    for (auto& [v, c] : e.terms) v = v < n ? static_cast<unsigned>(newIndex[v]) : v - removed;
  };
  for (LinearTransition& t : its.transitions) {
    for (Constraint& c : t.guard) renumber(c.expr);
    std::vector<LinearExpr> update;
    for (unsigned v : keep) {
      update.push_back(t.update[v]);
      renumber(update.back());
    }
    t.update = std::move(update);
  }
  std::vector<std::string> names;
  for (unsigned v : keep) names.push_back(its.variables[v]);
  its.variables = std::move(names);
}

}  // namespace

bool simplify(LinearIts& its, z3::context& context, const SimplifyLimits& limits) {
  unsigned variables = static_cast<unsigned>(its.variables.size());
  std::erase_if(its.transitions, [&](LinearTransition& t) { return !tidy(t, variables); });
  removeUnreachable(its);
  std::vector<smt::Term> constants;
  for (unsigned v = 0; v < variables; ++v) constants.push_back(context.int_const(numbered("x", v).c_str()));
  std::erase_if(its.transitions,
                [&](const LinearTransition& t) { return !satisfiable(t, constants, context, limits); });
  bool weakened = limits.mergeSameEffect && mergeSameEffect(its, variables);
  chain(its, limits);
  weakened = (limits.mergeSameEffect && mergeSameEffect(its, variables)) || weakened;
  removeUnreachable(its);
  std::erase_if(its.transitions,
                [&](const LinearTransition& t) { return !satisfiable(t, constants, context, limits); });
  dropUnreadVariables(its);
  return weakened;
}

bool splitByWhatFollows(LinearIts& its, z3::context& context, const SimplifyLimits& limits, size_t maxPredicates,
                        size_t maxParts) {
  const unsigned variables = static_cast<unsigned>(its.variables.size());
  std::vector<smt::Term> constants;
  for (unsigned v = 0; v < variables; ++v) constants.push_back(context.int_const(numbered("x", v).c_str()));
  std::vector<bool> onCycle(its.transitions.size(), false);
  for (const std::vector<size_t>& component : cyclicComponents(its))
    for (size_t i : component) onCycle[i] = true;
  // The inequalities over system variables that the cycles' transitions out of each location require.
  std::vector<std::vector<Constraint>> predicates(its.locations.size());
  for (size_t i = 0; i < its.transitions.size(); ++i) {
    if (!onCycle[i]) continue;
    const LinearTransition& t = its.transitions[i];
    for (const Constraint& c : t.guard) {
      bool overVariables = std::all_of(c.expr.terms.begin(), c.expr.terms.end(),
                                       [&](const auto& term) { return term.first < variables; });
      std::vector<Constraint>& known = predicates[t.from];
      if (!c.equality && !c.expr.isConstant() && overVariables &&
          std::find(known.begin(), known.end(), c) == known.end())
        known.push_back(c);
    }
  }
  bool split = false;
  std::vector<LinearTransition> result;
  for (size_t i = 0; i < its.transitions.size(); ++i) {
    LinearTransition& t = its.transitions[i];
    const std::vector<Constraint>& at = predicates[t.to];
    if (!onCycle[i] || at.empty() || at.size() > maxPredicates || limits.deadline.expired()) {
      result.push_back(std::move(t));
      continue;
    }
    std::vector<LinearTransition> parts{t};
    try {
      for (const Constraint& p : at) {
        // p after the transition, and its negation over the integers: e <= 0 or -e + 1 <= 0.
        LinearExpr afterwards = p.expr.substituted([&](unsigned v) { return t.update[v]; });
        std::vector<LinearTransition> refined;
        for (const LinearTransition& part : parts)
          for (const LinearExpr& side : {afterwards, afterwards.scaled(-1) + LinearExpr::number(1)}) {
            LinearTransition piece = part;
            piece.guard.push_back(Constraint{side, false});
            if (tidy(piece, variables) && satisfiable(piece, constants, context, limits)) refined.push_back(piece);
          }
        if (refined.size() > maxParts) break;
        parts = std::move(refined);
      }
    } catch (const ArithmeticOverflow&) {
      parts = {t};
    }
    split = split || parts.size() > 1;
    for (LinearTransition& part : parts) result.push_back(std::move(part));
  }
  its.transitions = std::move(result);
  return split;
}

std::vector<std::vector<size_t>> cyclicComponents(const LinearIts& its) {
  std::vector<size_t> all(its.transitions.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = i;
  return cyclicComponents(its, all);
}

std::vector<std::vector<size_t>> cyclicComponents(const LinearIts& its, const std::vector<size_t>& among) {
  std::vector<std::vector<int>> successors(its.locations.size());
  for (size_t i : among) successors[its.transitions[i].from].push_back(static_cast<int>(its.transitions[i].to));
  std::vector<int> component = stronglyConnectedComponents(successors);
  std::map<int, std::vector<size_t>> byComponent;
  for (size_t i : among) {
    const LinearTransition& t = its.transitions[i];
    if (component[t.from] == component[t.to]) byComponent[component[t.from]].push_back(i);
  }
  std::vector<std::vector<size_t>> result;
  for (auto& [c, transitions] : byComponent) result.push_back(std::move(transitions));
  return result;
}

}  // namespace atropos::its
