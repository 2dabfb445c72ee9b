// The candidate facts of a merge that come from numbers (bounds, thresholds, quadratic relations of two values
// the loop moves), and the widening that drops the constant bounds that climb.
#pragma once

#include <cstdint>
#include <set>
#include <utility>
#include <vector>

#include "smt/term.h"
#include "merge.h"
#include "merge_support.h"

namespace atropos::symex {

// Numerals of this size or more are rarely the bound an invariant needs, and each one costs two candidates per term.
bool smallNumeral(int64_t v);

// Adds the small numerals that occur in `e` to `out`.
void collectNumerals(const smt::Term& e, std::set<int64_t>& out);

// Widening with thresholds: where a merged state's constant bound on a term fails, the term moves past it, and the
// bound at the next numeral would fail one iteration later, each such bound costing a merge. Every constant bound
// on that term in that direction goes at once, but for the constants the loop's conditions compare with (and 0 and
// 1), the bounds an invariant most often needs. Dropping facts only weakens the merged state.
void dropClimbingBounds(std::vector<smt::Term>& kept, const std::vector<smt::Term>& failed,
                        const std::set<int64_t>& thresholds);

// A merged state keeps every constant bound both states imply, and on a term these are many (one per numeral of
// the states below the tightest), each a fact that every later question carries. Drops each bound on a term that a
// tighter one on it in the same direction implies, but for those at `thresholds` (the constants widening keeps,
// which a later merge may still need once the tighter bound fails). The conjunction means what it meant.
void dropImpliedBounds(std::vector<smt::Term>& facts, const std::set<int64_t>& thresholds);

// A value u that moves by c*w + e while w moves by a constant d keeps u - f(w) for the quadratic f with
// f(w + d) - f(w) = c*w + e: 2d(u - u0) == c(w^2 - w0^2) + (2e - cd)(w - w0). It bounds an accumulator by its
// step's counter (x += y; y--), which no linear fact does. c and e are read off two models of the newer state that
// differ in w's value before the step, then confirmed for every model; the candidate itself is checked like any
// other.
void addQuadraticCandidates(const std::vector<std::pair<smt::Term, smt::Term>>& changed, const Instantiation& toNewer,
                            FormulaSolver& newer, z3::context& context, std::vector<smt::Term>& candidates);

}  // namespace atropos::symex
