// Simplifications of a linear ITS that keep its termination behaviour: every one either removes only runs that
// cannot be part of an infinite run from the start location, or replaces a path by one transition with the same
// effect (chaining), so an infinite run exists before exactly when one exists after.
#pragma once

#include <z3++.h>

#include <vector>

#include "common/deadline.h"
#include "its/linear.h"

namespace atropos::its {

// t1 followed by t2 (t1.to == t2.from) as one transition.
LinearTransition compose(const LinearTransition& t1, const LinearTransition& t2, unsigned variables);

// Eliminates temporaries defined by an equation, drops constraints a temporary can always satisfy, and removes
// duplicate and trivially true constraints. False when the guard is trivially unsatisfiable.
bool tidy(LinearTransition& t, unsigned variables);

struct SimplifyLimits {
  Deadline deadline = Deadline::never();
  size_t maxChainProduct = 16;  // a location with more in×out transitions than this (and than in+out) stays
  unsigned queryMillis = 2000;
};

// Removes what cannot be reached from the start location and transitions whose guard is unsatisfiable (over the
// integers), chains the locations that are on no cycle by themselves, and drops variables no guard and no other
// variable's update reads.
void simplify(LinearIts& its, z3::context& context, const SimplifyLimits& limits);

// The transitions of each non-trivial strongly connected component (a cycle exists through every transition).
std::vector<std::vector<size_t>> cyclicComponents(const LinearIts& its);
// The same among the transitions `among` only.
std::vector<std::vector<size_t>> cyclicComponents(const LinearIts& its, const std::vector<size_t>& among);

}  // namespace atropos::its
