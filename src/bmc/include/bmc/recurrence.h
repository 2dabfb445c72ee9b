// Non-termination where no program state recurs: a recurrent set at a loop head, proven bit-precisely.
//
// A loop like `while (x != 0) x -= 2;` with an odd unsigned x never ends, but its states repeat only after 2^31
// iterations, too late for an execution or a bounded lasso to see. Here the program is unwound a few iterations
// (bounded model checking); the facts that hold at every visit of a loop head of main after the first in one such
// execution (`x & 1 == 1`, `k == t`, bounds, constants) are candidates. The largest subset of them that one
// iteration of the loop, from any state where they hold, keeps holding with the head reached again (for every
// value the iteration draws, and without any check failing) is a recurrent set (Houdini's fixpoint). The execution
// reaches it: its inputs are the stem, which the caller replays before it believes the verdict.
#pragma once

#include <memory>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/deadline.h"
#include "common/property.h"
#include "frontend/frontend.h"

namespace atropos::smt {
class QueryLog;
}

namespace atropos::bmc {

struct RecurrentSetOptions {
  Deadline deadline = Deadline::never();
  unsigned observedIterations = 8;  // of each loop, in the execution the candidate facts come from
  std::shared_ptr<smt::QueryLog> smtLog;  // where the solver's questions are recorded (none when null)
};

struct ProvenRecurrentSet {
  // The inputs of an execution that reaches the set (uninitialized memory reads as zero); what it draws after them
  // does not matter, since every iteration from the set returns to it whatever it draws.
  std::vector<uint64_t> stem;
  SourceLocation head;  // the loop head's first instruction with a location
  // The set as a C expression over the variables in scope at the head, each value read in the unsigned type of
  // its width: `((unsigned int)x & 1U) == 1U`. Complete when every fact of the set is stated; otherwise a
  // fact about a value without a name in the source is left out.
  std::string expression;
  bool complete = false;
  size_t facts = 0;
};

std::optional<ProvenRecurrentSet> findRecurrentSet(const frontend::Program& program,
                                                   const RecurrentSetOptions& options);

}  // namespace atropos::bmc
