// The termination back end on an integer transition system: simplification, then every cycle of the system
// proven finite with ranking functions (ranking.h), or a run that never ends (nontermination.h). Where the linear
// over-approximation finds no ranking function and the system multiplies variables, the search is repeated with
// each product as a variable of its own (its/polynomial.h): polynomial ranking functions such as k - c - y*y + 2*x - y;
// and then with the loops split into cases by which of the variables they drive to zero are zero (its/vanishing.h).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "common/deadline.h"
#include "its/its.h"
#include "its/linear.h"
#include "smt/term.h"
#include "termination/nontermination.h"
#include "termination/ranking.h"

namespace atropos::termination {

enum class Answer { Yes, No, Maybe };
const char* answerName(Answer a);

struct ProverOptions {
  Deadline deadline = Deadline::never();
  unsigned queryMillis = 4000;
  unsigned maxPhases = 3;
  bool tryNonTermination = true;
  std::shared_ptr<smt::QueryLog> smtLog;  // where the solver's questions are recorded (none when null)
};

struct Proof {
  Answer answer = Answer::Maybe;
  std::string reason;                // Maybe: why
  its::LinearIts system;             // the simplified system the steps speak of
  std::vector<RankingStep> steps;    // Yes
  std::vector<size_t> unproven;      // Maybe: the transitions of `system` no ranking function was found for
  std::optional<RecurrentSet> witness;  // No
  // Yes: `system` has a variable for each product of variables that the ITS uses (its/polynomial.h), named by its
  // factors ("y*y").
  bool productsLifted = false;
  // Yes: `system` carries interval invariants from the start location in its guards (its/intervals.h).
  bool underIntervalInvariants = false;
  // Yes: `system` carries affine equalities that hold from the start in its guards (its/affine_invariants.h).
  bool underAffineInvariants = false;
  // Yes: `system` carries invariants taken from its guards in its guards (its/guard_invariants.h).
  bool underGuardInvariants = false;
  // Yes: `system` carries invariants that hold once a run has gone round a cycle (its/cycle_invariants.h) in the
  // guards of the cycles' transitions: the ranking functions decrease from then on, not from every state.
  bool underCycleInvariants = false;
  std::vector<std::vector<its::Constraint>> cycleInvariants;  // per location of `system`: those invariants
  // `system`'s transitions on cycles are split by which guards of their targets they end in (its/simplify.h).
  bool splitByWhatFollows = false;
  // Simplifying `system` merged transitions under a weaker guard (its/simplify.h).
  bool weakenedByMerging = false;
  // Yes: per location of `system`, the variables (names) by which of them are zero its loops were split into
  // cases (its/vanishing.h); empty when they were not.
  std::vector<std::vector<std::string>> casesOfVanishing;
};

Proof proveTermination(const its::Its& its, z3::context& context, const ProverOptions& options);

// A proof of Yes, read at one location `l` of its system: functions f1, ..., fk over the system's variables such that
// for any two visits of `l` in a run, some fj is non-negative at the first, lower at the second, and every fi before
// it is not higher there (a lexicographic decrease; the relation is transitive and well-founded). The functions of
// the linear steps whose transitions leave `l`, in the proof's order. None where the proof gives no such reading
// there: a nested, minimum or maximum function, invariants of the cycles, a split of l's cycles by which transition can follow which (a path from l
// back to l may then run through several of the parts), products as variables, cases of vanishing variables.
std::optional<std::vector<its::LinearExpr>> lexicographicAt(const Proof& proof, its::LocationId l);

// A part of the proof as text: what holds of the whole system (no locations), or the account of one cycle, or of
// the cycle that was not proven, with the locations it passes through.
struct ProofSection {
  std::vector<its::LocationId> locations;
  std::string text;
};

// The proof in parts, in the order of `describe`; `name` renders a variable of the simplified system at a location
// (by default its own name).
std::vector<ProofSection> describeSections(
    const Proof& proof, const std::function<std::string(its::LocationId, const std::string&)>& name = {});
// The proof as text: the sections' texts one after the other.
std::string describe(const Proof& proof,
                     const std::function<std::string(its::LocationId, const std::string&)>& name = {});

}  // namespace atropos::termination
