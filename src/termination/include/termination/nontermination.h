// Non-termination of an ITS: a reachable recurrent set — a non-empty set of states at a location from each of which
// some cycle through the location can be taken (with some values of its temporaries) back into the set.
//
// Candidate sets (on the original system, never on its linear over-approximation, with the start condition `true`),
// for each cycle of at most maxCycleLength transitions (last also the longer ones whose length is chains of
// locations with one way on, through at most maxCycleLength locations where a run may choose), run as one step:
// - fixed points: the states the cycle can leave unchanged;
// - closed guards: the states where the cycle can be taken, when taking it always leads back there;
// - eventually increasing guards: the guard with "none of its bounds shrinks" added for each bound p (p' - p >= 0
//   for p > 0 or p >= 0, p' - p = 0 for p = 0), once or twice over (Frohn & Giesl, "Proving Non-Termination via
//   Loop Acceleration", FMCAD 2019: monotonic and eventual increase);
// and for each location, the states where any of its cycles can be taken (a loop whose branches take turns), less
// the states from which no cycle leads back into them, removed up to twice (a greatest fixpoint, cut short).
// A candidate counts only when the solver shows it non-empty and closed.
// The stem: bounded model checking of the whole system from the start location, for a run that reaches a state of
// some candidate; its model's transitions are the stem. Where that finds none, concrete runs from the start (a few
// choices of start values, transitions picked among the enabled ones by a seeded generator) look for a state of a
// candidate after longer stems, and for a state that recurs, itself a recurrent set. checkRecurrentSet re-checks
// the result before it is used.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "common/deadline.h"
#include "its/its.h"
#include "smt/solver.h"
#include "smt/term.h"

namespace atropos::termination {

// A self-loop of the system repeated n >= 1 times as one transition (n its one temporary).
struct Repetition {
  size_t of = 0;  // the self-loop
  its::Transition repeated;
};

struct RecurrentSet {
  // The transitions of the stem and the cycles are the system's, then (numbered on after them) `repetitions`.
  std::vector<Repetition> repetitions;
  std::vector<size_t> stem;  // transitions from the start location to `head`
  its::LocationId head = 0;
  // Paths of transitions from `head` back to it: from every state of the set, one of them can be taken into the set.
  std::vector<std::vector<size_t>> cycles;
  smt::Term states;  // the set at `head`, over the system's variables
  // "fixed point", "closed guard", "eventually increasing guard", "closed guards of the location" or "recurring state"
  std::string kind;
};

struct NonTerminationOptions {
  Deadline deadline = Deadline::never();
  unsigned queryMillis = 2000;
  size_t maxCycleLength = 4;  // transitions per cycle, and locations where a run may choose in the last stage
  size_t maxStemLength = 24;  // transitions of the bounded model checking
  size_t maxCycles = 200;
  std::shared_ptr<smt::QueryLog> smtLog;  // where the solver's questions are recorded (none when null)
};

std::optional<RecurrentSet> findRecurrentSet(const its::Its& its, z3::context& context,
                                             const NonTerminationOptions& options);

// The candidate sets of a system whose runs may begin anywhere (everyLocationStarts: a program's cycles), each closed
// on the system, without a stem and unchecked for reachability: whoever built the system from a program decides on
// the program whether one is a recurrent set of it (symex/recurrence.h), since the system over-approximates.
std::vector<RecurrentSet> closedSets(const its::Its& its, z3::context& context, const NonTerminationOptions& options);

// Whether `set` shows that `its` has a run that never ends: the stem is a path from the start location to the head
// that some run takes into the set, the cycles lead from the head back to it, and the set is non-empty and closed.
// False also when the solver cannot tell within `limits`.
bool checkRecurrentSet(const its::Its& its, const RecurrentSet& set, z3::context& context, const smt::Limits& limits);

}  // namespace atropos::termination
