// Non-termination of an ITS: a reachable recurrent set of a cycle — a non-empty set of states from which the
// cycle can always be taken again, staying in the set.
//
// Techniques (on the original system, never on its linear over-approximation, with the start condition `true`):
// - fixed points: a state x and temporaries with guard(x) and update(x) = x (a cycle that changes nothing);
// - closed guards: a cycle whose guard and update have no temporaries and whose guard implies the guard after one
//   iteration (guard(x) ⇒ guard(update(x))): every state satisfying it runs forever.
// The stem from the start location to a state of the set is found by bounded search and checked by the solver.
#pragma once

#include <z3++.h>

#include <optional>
#include <string>
#include <vector>

#include "common/deadline.h"
#include "its/its.h"
#include "smt/term.h"

namespace atropos::termination {

struct RecurrentSet {
  std::vector<size_t> stem;   // transitions from the start location
  std::vector<size_t> cycle;  // transitions of the cycle, from and back to its first location
  smt::Term states;           // the set, over the system's variables
  std::string kind;           // "fixed point" or "closed guard"
};

struct NonTerminationOptions {
  Deadline deadline = Deadline::never();
  unsigned queryMillis = 2000;
  size_t maxCycleLength = 4;
  size_t maxStemLength = 12;
  size_t maxCycles = 200;
};

std::optional<RecurrentSet> findRecurrentSet(const its::Its& its, z3::context& context,
                                             const NonTerminationOptions& options);

}  // namespace atropos::termination
