// Simplifications of a linear ITS for termination proofs: each removes only runs that cannot be part of an infinite
// run from the start location, replaces a path by one transition with the same effect (chaining), or adds runs
// (transitions with the same effect merged under a weaker guard). So a system without infinite runs after them had
// none before; the converse need not hold, and non-termination is looked for on the original system.
#pragma once

#include <vector>

#include "common/deadline.h"
#include "its/linear.h"
#include "smt/query_log.h"
#include "smt/term.h"

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
  std::shared_ptr<smt::QueryLog> smtLog;  // where the solver's questions are recorded (none when null)
};

// Removes what cannot be reached from the start location and transitions whose guard is unsatisfiable (over the
// integers), merges transitions with the same effect that differ only in what they require of values they leave
// unchanged (unless limits.mergeSameEffect is off), chains the locations that are on no cycle by themselves, and
// drops variables no guard and no other variable's update reads. Returns whether the merging weakened a guard: the
// system then has runs the original does not (branches that cannot follow each other may now), and a proof may
// need the system simplified without it.
bool simplify(LinearIts& its, z3::context& context, const SimplifyLimits& limits);

// Splits each transition of a cycle by which of the guards' inequalities at its target hold after it
// (`x0 <= 0; x0++` into the part that ends with x0 <= 0 and the part that ends with x0 >= 1), keeping the satisfiable
// parts: the same runs, but which transition can follow which becomes sharper (a loop that goes up to 1 and back
// to 0 by two branches, each repeatable only on its own side: java_Avg's). Targets whose guards have more than
// maxPredicates distinct inequalities, and transitions that would become more than maxParts, stay as they are.
// Returns whether some transition was split.
bool splitByWhatFollows(LinearIts& its, z3::context& context, const SimplifyLimits& limits, size_t maxPredicates = 3,
                        size_t maxParts = 4);

// The transitions of each non-trivial strongly connected component (a cycle exists through every transition).
std::vector<std::vector<size_t>> cyclicComponents(const LinearIts& its);
// The same among the transitions `among` only.
std::vector<std::vector<size_t>> cyclicComponents(const LinearIts& its, const std::vector<size_t>& among);

}  // namespace atropos::its
