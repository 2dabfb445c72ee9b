// Relational invariants of a linear ITS taken from its guards: a constraint that a transition into a location
// requires of variables it leaves unchanged holds right after it, and holds at the location if every transition
// into it (from a location some run reaches) keeps it true, given what holds at that transition's source. The
// largest such set per location is found by dropping what some transition breaks until nothing changes (Houdini:
// Flanagan & Leino, FME 2001, over candidates from the guards). A loop's bound `i <= n` checked on the way into an
// inner loop then holds throughout the inner loop, where the outer loop's ranking function needs it.
#pragma once

#include <cstddef>

#include "common/deadline.h"
#include "smt/solver.h"
#include "its/linear.h"
#include "smt/term.h"

namespace atropos::its {

// Adds each location's invariants to the guards of the transitions out of it; runs from the start are kept as
// they were. Nothing changes for a system whose runs may begin anywhere. Returns how many constraints were added.
size_t strengthenWithGuardInvariants(LinearIts& its, z3::context& context, const smt::Limits& limits);

}  // namespace atropos::its
