// Generalization (seed 002 §5.3) and the merging operator that makes graphs finite (Def. 7).
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "smt/solver.h"
#include "smt/term.h"
#include "executor.h"
#include "program_index.h"
#include "state.h"

namespace atropos::symex {

// An instantiation μ: the variables of a general state and the terms of an instance they stand for.
struct Instantiation {
  std::vector<std::pair<smt::Term, smt::Term>> pairs;
  smt::Term apply(const smt::Term& term) const;
};

// Both states are at the same positions with the same live program values in every frame.
bool sameShape(const State& a, const State& b);

// Conjunctions into their conjuncts, equations between integers into two inequations (so that a weaker one can
// survive a merge, Def. 7): the candidate facts of a merge.
void atomsOf(const smt::Term& fact, std::vector<smt::Term>& out);

// Is `instance` represented by `general` (conditions (b)–(f) of the generalization rule)? μ maps the general
// state's program values to the instance's, and the general state's lists to chains of the instance's blocks and
// lists, and a free value at a location that may lie outside its block to the instance's value there, or to a new
// variable when the instance does not know it; every other variable stands for itself. `solver` must be synced to
// `instance`. A general state of another path (`History::OtherPath`: not above the instance, nor a function's
// entry that its calls share) speaks in its facts of that path's values it no longer holds; μ binds them too
// (factsToShow in instance.cpp).
enum class History { Shared, OtherPath };
std::optional<Instantiation> instanceOf(const State& instance, const State& general, smt::Solver& solver,
                                        Executor& executor, unsigned pointerBits, History history = History::Shared);

// A loop that keeps a value in memory at a location it does not move during an iteration (`a[3]`, `arr[j]` in an
// inner loop over a fixed `j`, `a[k]` while the loop decrements it) can only be ranked by that value if its head
// names it. A head first visited before the body read the location does not, and the state the body leads back to
// is then an instance that forgets the value. This returns `general` with the locations the instance knows added,
// each holding a value of its own, or nothing when there are none: locations that `general` does not know, at
// addresses the instance's definitions and equalities write as a term μ maps to them, in one of the general state's
// blocks (marked as possibly outside it unless that is provable). The result represents the same concrete states as
// `general`, since a location holds some value (a load of an unknown location names its value the same way).
std::optional<State> withLocationsOf(const State& instance, const State& general, const Instantiation& mu,
                                     Executor& executor, z3::context& context, const smt::Limits& limits);

struct MergeResult {
  State merged;
  Instantiation fromOlder;  // merged → older
  Instantiation fromNewer;  // merged → newer
};

// A state that generalizes both `older` (an ancestor at the same positions) and `newer`. When `older` is itself a
// merge result, only its own facts are candidates, so repeated merging at a loop head weakens monotonically and
// stops (seed 002, Thm. 8). `anchors` are variables both states share with the same meaning (a recursive
// function's parameters at its entry, in its return states), with whether each is an address: the merged state
// may relate its values to them (a return value equal to a parameter). With `widen`, where a constant bound on a
// term of the merged `older` fails in `newer`, its other constant bounds in that direction go too, but for the
// constants the loop compares with (widening with thresholds).
MergeResult merge(const State& older, const State& newer, bool olderIsMerged, Executor& executor,
                  const ProgramIndex& index, z3::context& context, const smt::Limits& limits,
                  const std::vector<std::pair<smt::Term, bool>>& anchors = {}, bool widen = false);

}  // namespace atropos::symex
