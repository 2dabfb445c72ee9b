// The symbolic execution engine (seeds 002 and 000): builds a finite symbolic execution graph over an abstract
// memory domain and proves the properties the graph shows to hold. An error state in the graph only means the proof
// failed there. The one refutation: under svcomp and termcomp, a loop that never ends, from a recurrent set checked on
// the program's own instructions and reached by an execution (recurrence.h). Under svcomp its outcome carries a
// counterexample without a trace: the stem's bit patterns (Counterexample::inputs, values only), the loop head and
// the set in C (Counterexample::recurrence), for the caller to replay in C.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/checks.h"
#include "common/deadline.h"
#include "common/evidence.h"
#include "common/property.h"
#include "frontend/frontend.h"

namespace atropos::smt {
class QueryLog;
}

namespace atropos::symex {

struct Options {
  Deadline deadline = Deadline::never();
  size_t maxNodes = 60000;
  unsigned queryMillis = 300;
  bool explain = false;  // fill Evidence::explanation
  bool dot = false;      // fill Evidence::graph
  bool its = false;      // fill Evidence::its
  // The reading of integer arithmetic. Under `termcomp` unsigned wrap-around is an error state that blocks every
  // proof, no-overflow's included: ask no-overflow (always C's) in a run of its own.
  Semantics semantics = Semantics::C;
  std::shared_ptr<smt::QueryLog> smtLog;  // where the solver's questions are recorded (none when null)
};

struct Evidence {
  size_t nodes = 0;
  bool complete = false;
  unsigned long long solverQueries = 0;
  // With Options::explain, once a graph was built: its size, its error states, the generalized state of every loop
  // head in source terms, the termination proof.
  std::optional<ProofExplanation> explanation;
  std::optional<GraphEvidence> graph;  // with Options::dot, once a graph was built
  std::string its;          // the integer transition system of the graph's cycles (SMT-LIB), for termination
  // For error states reached without a merge on the way: nondet values (bit patterns, in the order drawn) that a
  // model of the state gives. Only an execution can tell whether they really lead to the error.
  std::vector<std::vector<uint64_t>> suggestedInputs;
};

// One outcome per asked property, in the asked order: TRUE with the reason, or UNKNOWN with why not.
std::vector<Outcome> prove(const frontend::Program& program, const std::vector<Property>& properties,
                           const Options& options, Evidence* evidence = nullptr);

}  // namespace atropos::symex
