// Interval invariants of a linear ITS: per location, the bounds of each variable that every run from the start
// location respects there (runs begin at the start with arbitrary values).
//
// Abstract interpretation over intervals (Cousot & Cousot 1977): a transition's guard narrows the intervals of the
// variables and temporaries by bound propagation, its update is evaluated in interval arithmetic, locations join what
// reaches them, widening after a few joins (up to the bounds the guards put on single variables first), then
// narrowing rounds. Termination proofs then hold under the
// invariants: a branch no reachable state takes disappears, and a ranking function may rely on a bound (n >= 0 set
// before the loop).
#pragma once

#include <optional>
#include <vector>

#include "common/deadline.h"
#include "its/linear.h"

namespace atropos::its {

struct Interval {
  std::optional<Integer> low, high;  // none: unbounded on that side
};

// Per location, the intervals of the system's variables, or none where no run from the start arrives. Empty for a
// system whose runs may begin anywhere (everyLocationStarts).
std::vector<std::optional<std::vector<Interval>>> intervalInvariants(const LinearIts& its, const Deadline& deadline);

// Adds the invariants to the system: each transition's guard gets the bounds of its source location over the state
// before and those of its target over the state after; the transitions of locations no run reaches go. Runs from the
// start are kept as they were. Nothing changes for a system whose runs may begin anywhere. Returns how many bounds
// were added and transitions removed.
size_t strengthenWithIntervals(LinearIts& its, const Deadline& deadline);

}  // namespace atropos::its
