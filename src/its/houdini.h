// The step the invariant searches share (guard_invariants.h, affine_invariants.h, cycle_invariants.h): which
// candidate facts hold after a transition, and facts put into guards.
#pragma once

#include <cstddef>
#include <vector>

#include "its/linear.h"
#include "smt/solver.h"
#include "smt/term.h"

namespace atropos::its {

// The candidates that hold after `t` from every state that satisfies its guard and `premises`, in their order: a
// candidate the guard states of values `t` keeps holds without asking, the others are asked of the solver (one
// solver for all; unknown counts as not holding).
std::vector<Constraint> holdingAfter(const LinearTransition& t, unsigned variables,
                                     const std::vector<Constraint>& premises,
                                     const std::vector<Constraint>& candidates, z3::context& context,
                                     const smt::Limits& limits);

// Adds facts[t.from] to the guard of each transition t for which `chosen` (if given) holds; how many were added.
size_t addToGuards(LinearIts& its, const std::vector<std::vector<Constraint>>& facts,
                   const std::vector<bool>* chosen = nullptr);

}  // namespace atropos::its
