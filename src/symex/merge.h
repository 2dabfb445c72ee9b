// Generalization (seed 002 §5.3) and the merging operator that makes graphs finite (Def. 7).
#pragma once

#include <optional>
#include <utility>
#include <vector>

#include "smt/solver.h"
#include "smt/term.h"
#include "symex/executor.h"
#include "symex/program_index.h"
#include "symex/state.h"

namespace atropos::symex {

// An instantiation μ: the variables of a general state and the terms of an instance they stand for.
struct Instantiation {
  std::vector<std::pair<smt::Term, smt::Term>> pairs;
  smt::Term apply(const smt::Term& term) const;
};

// Both states are at the same positions with the same live program values in every frame.
bool sameShape(const State& a, const State& b);

// Is `instance` represented by `general` (conditions (b)–(f) of the generalization rule)? μ maps the general
// state's program values to the instance's; every other variable stands for itself. The executor's solver must be
// synced to `instance`.
std::optional<Instantiation> instanceOf(const State& instance, const State& general, smt::Solver& solver);

struct MergeResult {
  State merged;
  Instantiation fromOlder;  // merged → older
  Instantiation fromNewer;  // merged → newer
};

// A state that generalizes both `older` (an ancestor at the same positions) and `newer`. When `older` is itself a
// merge result, only its own facts are candidates, so repeated merging at a loop head weakens monotonically and
// stops (seed 002, Thm. 8).
MergeResult merge(const State& older, const State& newer, bool olderIsMerged, Executor& executor,
                  const ProgramIndex& index, z3::context& context, const smt::Limits& limits);

}  // namespace atropos::symex
