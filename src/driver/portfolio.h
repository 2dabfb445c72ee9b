// The engines per property under one budget: a short round of concrete executions (which decides programs
// without input exactly and finds shallow violations), a short round of bounded model checking, the symbolic
// execution for what is still open, a recurrent set over a loop's state, bounded model checking again from the bound
// it reached, then concrete executions for the rest of the time (docs/architecture.md, "The portfolio").
#pragma once

#include <functional>
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

namespace atropos::driver {

// What one round of the portfolio cost and what it decided, for --verbose: where an answer's time goes.
struct RoundCost {
  std::string round;
  double wallSeconds = 0;
  double cpuSeconds = 0;  // of this process (the compiler ran before)
  std::vector<Property> decided;
};

struct PortfolioStatistics {
  uint64_t executions = 0;
  uint64_t steps = 0;
  unsigned bmcBound = 0;  // the last bound the bounded model checker encoded
  size_t bmcChecks = 0;   // and the checks in its formula
  std::vector<RoundCost> rounds;  // the rounds that ran, in their order
};

struct Evidence {
  bool explain = false;      // ask the symbolic execution for its account of the proof attempt
  bool wantDot = false;      // ask for the symbolic execution graph
  std::optional<ProofExplanation> explanation;
  std::optional<GraphEvidence> graph;
  bool wantIts = false;  // ask for the termination ITS of the symbolic execution graph (SMT-LIB)
  std::string its;
};

struct Budget {
  Deadline deadline = Deadline::never();
  uint64_t memoryBytes = 4ull << 30;
  std::function<void(const PortfolioStatistics&)> progress;  // about once a second, when set
  // The reading of integer arithmetic the properties are decided under (no-overflow always in C).
  Semantics semantics = Semantics::C;
  // Run every engine on every property and throw std::logic_error when a proof and an execution disagree.
  bool crossCheck = false;
  // Which engines may run; a bounded model checker's counterexamples are replayed by executions in any case.
  bool testing = true;
  bool bmc = true;
  bool symex = true;
  std::shared_ptr<smt::QueryLog> smtLog;  // where the engines record the solver's questions (none when null)
};

std::vector<Outcome> decideProperties(const frontend::Program& program, const std::vector<Property>& properties,
                                      const Budget& budget, PortfolioStatistics* statistics,
                                      Evidence* evidence = nullptr);

}  // namespace atropos::driver
