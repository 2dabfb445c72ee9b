// Affine equalities that hold at each location of every run from the start (Karr, "Affine Relationships Among
// Variables of a Program", Acta Informatica 1976): per location the affine hull of the states a run can be in,
// from the start's (all states), pushed through the transitions' updates (a temporary moves the hull along its
// column) and joined until nothing grows; the guards are ignored (fewer states would only give more equalities).
// `arg3 = arg1; arg4 = arg2` before a loop whose branches lower arg3 and arg4 together, or raise arg2 and reset
// both, keeps arg3 - arg4 = arg1 - arg2 at the loop, where a ranking function needs it to bound arg1 - arg2.
#pragma once

#include <cstddef>

#include "common/deadline.h"
#include "smt/solver.h"
#include "its/linear.h"
#include "smt/term.h"

namespace atropos::its {

// Adds each location's equalities, each re-checked by the solver (inductive from the start), to the guards of the
// transitions out of it. Nothing changes for a system whose runs may begin anywhere. Returns how many constraints
// were added.
size_t strengthenWithAffineInvariants(LinearIts& its, z3::context& context, const smt::Limits& limits);

}  // namespace atropos::its
