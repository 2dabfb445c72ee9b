// Bounded model checking (seed 004, LLBMC): the program, with every loop unwound and every call inlined up to a
// bound, becomes one formula over bitvectors and one byte array (the memory) whose models are executions that
// violate a property.
//
// The engine proves: a property is TRUE when no violation and no other undefined behaviour is satisfiable and every
// unwinding assertion holds, i.e. the bound covers every execution. It does not decide FALSE itself: each model is
// turned into the nondet inputs of an execution, which the caller replays in `interp` (a model of an encoding that
// assumes more than the program, e.g. one memory layout, proves nothing until it replays). The bound grows
// (1, 2, 4, ...) until the properties are decided, the program is unwound completely, or the deadline passes.
#pragma once

#include <memory>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "common/checks.h"
#include "common/deadline.h"
#include "common/property.h"
#include "frontend/frontend.h"

namespace atropos::smt {
class QueryLog;
}

namespace atropos::bmc {

struct Options {
  Deadline deadline = Deadline::never();
  unsigned maxBound = 1u << 12;  // loop iterations per loop entry, and the depth of recursive calls
  // The first bound tried: an earlier run that completed smaller bounds found nothing there that a larger bound
  // would not find again (every execution within a bound lies within the larger ones).
  unsigned firstBound = 1;
  // Called when a bound has been encoded, with the bound and the number of checks in its formula.
  std::function<void(unsigned bound, size_t checks)> progress;
  // The reading asked: the encoding is C's, so the checks where the reading differs keep proofs from it. Under
  // `termcomp` the properties checked together must share their reading (no-overflow is C's), since the
  // wrap-around checks end their paths.
  Semantics semantics = Semantics::C;
  std::shared_ptr<smt::QueryLog> smtLog;  // where the solver's questions are recorded (none when null)
};

// The inputs of an execution that a model of the formula describes: the values of the __VERIFIER_nondet_* calls
// in the order the execution makes them. The encoding assumed that reads of uninitialized memory yield zero when
// `uninitializedReadsZero` holds (a replay must then give them zero and draw nothing for them).
struct CandidateRun {
  Property property = Property::Termination;
  std::vector<uint64_t> inputs;
  bool uninitializedReadsZero = false;
};

struct Result {
  std::vector<Outcome> outcomes;  // TRUE (proved) or UNKNOWN with the reason, one per property asked
  std::vector<CandidateRun> candidates;
  // Models of "an execution runs past the bound": the starts of executions deeper than the formula reaches, for
  // executions to continue (where a violation lies deep but its inputs are all drawn early, as in a system whose
  // nondeterminism is its initial configuration).
  std::vector<CandidateRun> deeperStarts;
  unsigned bound = 0;      // the last bound encoded
  unsigned nextBound = 1;  // the bound after the last one completed: where a later run may go on
};

Result check(const frontend::Program& program, const std::vector<Property>& properties, const Options& options);

}  // namespace atropos::bmc
