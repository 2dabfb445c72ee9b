// Simplifications of a linear ITS for termination proofs: each removes only runs that cannot be part of an infinite
// run from the start location, replaces a path by one transition with the same effect (chaining), or adds runs
// (transitions with the same effect merged under a weaker guard). So a system without infinite runs after them had
// none before; the converse need not hold, and non-termination is looked for on the original system.
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
  bool mergeSameEffect = true;  // see simplify
};

// Removes what cannot be reached from the start location and transitions whose guard is unsatisfiable (over the
// integers), merges transitions with the same effect that differ only in what they require of values they leave
// unchanged (unless limits.mergeSameEffect is off), chains the locations that are on no cycle by themselves, and
// drops variables no guard and no other variable's update reads. Returns whether the merging weakened a guard: the
// system then has runs the original does not (branches that cannot follow each other may now), and a proof may
// need the system simplified without it.
bool simplify(LinearIts& its, z3::context& context, const SimplifyLimits& limits);

// The transitions of each non-trivial strongly connected component (a cycle exists through every transition).
std::vector<std::vector<size_t>> cyclicComponents(const LinearIts& its);
// The same among the transitions `among` only.
std::vector<std::vector<size_t>> cyclicComponents(const LinearIts& its, const std::vector<size_t>& among);

}  // namespace atropos::its
