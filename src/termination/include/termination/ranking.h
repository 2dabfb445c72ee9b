// Ranking functions for the cycles of a linear ITS, synthesized by linear programming and checked by the solver.
//
// Technique (the choice and why):
// - Synthesis is Podelski–Rybalchenko style: a linear template per location, and for each condition
//   "guard ⇒ affine(x, x') >= k" Farkas' lemma turns the universally quantified implication into a linear
//   feasibility problem over the template's coefficients and fresh multipliers, solved exactly by Z3's simplex
//   (rationals). Complete for linear ranking functions over the rationals, sound for the integers. A location's
//   template reads the variables its outgoing transitions read or change, and what its successors' templates read
//   through the updates (closed to a fixpoint; the rest cannot matter).
// - Lexicographic combinations are built by transition removal (as in AProVE's and KoAT's back ends): a function
//   that never increases on the component's transitions and decreases by at least 1 while being non-negative on
//   some of them shows those are taken only finitely often; they are removed, the rest is split into components
//   again, to a fixpoint. The sequence of functions is the lexicographic ranking function.
// - Where no single function makes progress, a nested (multiphase) ranking function ⟨f1, ..., fd⟩ (Leike–Heizmann;
//   Ben-Amram–Genaim's multiphase functions for single loops) is sought for the whole remaining component:
//   f1 decreases by 1, fi + f(i-1) decreases by 1, fd is non-negative.
// - First the component is split along its transition graph (which transition can be taken right after which, as
//   T2's and AProVE's dependency graphs): an infinite run stays in one of its cycles eventually, so each cycle is
//   proven alone (|x| decreasing in "if (x > 0) x--; else x++" is two separate loops), and a transition on none of
//   them, e.g. an unsigned counter's wrap-around to 0 that leaves the loop, is removed.
// - Where a loop moves one of two values down and forgets the other (Piecewise: "if (q < p) { q--; p = *; }"),
//   no linear or lexicographic function exists, but the minimum of two does: each transition is assigned the
//   function whose new value lies below both old ones, and per assignment (at most 2^5 for 6 transitions) Farkas'
//   lemma gives one linear program, as for a single function. Dually the maximum of two, where each branch sets
//   both values below one of the old ones ("x = y - 2; y--" or "y = x - 1; x--": max(x, y)); each transition is
//   assigned the function whose old value lies above both new ones.
// - A self-loop that none of these handle is repeated (up to 4 times in a row, composed into one transition): where
//   the repetition cannot be taken (Round3's x % 3 meets 0 within three iterations of x++) or has a ranking
//   function, the loop cannot run forever either.
// - Every function found is re-checked on the integers by the solver before it counts: an LP bug cannot give a
//   wrong proof.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "common/deadline.h"
#include "its/linear.h"
#include "smt/solver.h"
#include "smt/term.h"

namespace atropos::termination {

// A function per location (over the system's variables; locations outside the component have none).
struct RankingFunction {
  std::vector<std::optional<its::LinearExpr>> perLocation;
};

// One step of a termination proof for a component.
struct RankingStep {
  std::vector<size_t> component;        // the transitions (indices in the ITS) this step was proven for
  // None: the component split along which transition can follow which (`parts`, proven apart; the removed
  // transitions are on no cycle of that graph); one: a lexicographic component; more: a nested ranking function,
  // or with `extremum`, functions whose minimum or maximum is a ranking function.
  std::vector<RankingFunction> phases;
  enum class Extremum { None, Minimum, Maximum };
  Extremum extremum = Extremum::None;
  // Above one: the component is one self-loop, and `phases` speak of it repeated that many times in a row
  // (`repetition`); no phases: so repeated it cannot be taken at all.
  unsigned unrolled = 0;
  std::vector<size_t> removed;          // the transitions shown to be taken finitely often
  std::vector<std::vector<size_t>> parts;
};

struct RankingOptions {
  Deadline deadline = Deadline::never();
  unsigned queryMillis = 4000;
  unsigned maxPhases = 3;
  std::shared_ptr<smt::QueryLog> smtLog;  // where the solver's questions are recorded (none when null)
};

// A proof that the transitions `component` of `its` admit no infinite run, as a list of steps; none when none was
// found, and then `stuck` (if given) holds the transitions no step was found for. Every step has been checked.
std::optional<std::vector<RankingStep>> proveComponent(const its::LinearIts& its, const std::vector<size_t>& component,
                                                       z3::context& context, const RankingOptions& options,
                                                       std::vector<size_t>* stuck = nullptr);

// The self-loop `loop` of `its` taken `times` times in a row, as one transition (same location), tidied; none when
// its guard is trivially unsatisfiable. Throws its::ArithmeticOverflow when a coefficient leaves 128 bits.
std::optional<its::LinearTransition> repetition(const its::LinearIts& its, size_t loop, unsigned times);

// Re-checks one step on the integers; false also when the solver cannot tell within the limits.
bool checkStep(const its::LinearIts& its, const RankingStep& step, z3::context& context, const smt::Limits& limits);

}  // namespace atropos::termination
