// Invariants that hold at a location once a run has gone round one of its cycles: a constraint that every
// transition of the location's cycles into it establishes, from any state its guard allows, holds after the first
// such transition; given those at each transition's source, more may follow, and after k rounds what was found
// holds from the k-th transition of the cycles on. An infinite run stays in one strongly connected component from
// some point on, and from some later point it meets these invariants at every location, so a ranking argument for
// the component under them shows there is no infinite run (the first iterations are a finite prefix). Candidates
// are the guards' constraints carried through the updates (`x1 + 2 <= x0; x1++` gives `x1 + 1 <= x0`; `1 <= x1;
// x0 = x1` gives `1 <= x0`) and the constants transitions assign. A loop that resets `x1 = 0` and sets `x0` to the
// old `x1 >= 1`, or counts `x1` up to `x0 - 1`, keeps `x1 < x0` from its first iteration on, which the ranking
// function x0 needs (an entry with any values does not give it).
#pragma once

#include <vector>

#include "common/deadline.h"
#include "smt/solver.h"
#include "its/linear.h"
#include "smt/term.h"

namespace atropos::its {

// Adds to each transition of a cycle the invariants of its source (as above). Sound for termination only, and only
// once nothing is decided about reaching the cycles any more: the system's runs are changed in their first
// iterations of each cycle. Returns the invariants per location (none anywhere when the deadline passed or a
// coefficient grew beyond 128 bits).
std::vector<std::vector<Constraint>> strengthenWithCycleInvariants(LinearIts& its, z3::context& context,
                                                                   const smt::Limits& limits);

}  // namespace atropos::its
