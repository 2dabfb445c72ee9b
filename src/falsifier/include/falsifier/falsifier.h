// The first engine: executions of the program with boundary and random nondet inputs.
//
// A violation found by a run is replayed before it becomes FALSE. A program without nondeterministic input has a
// single execution: when it completes (or stops at a violation) every property is decided exactly. Random testing
// never yields TRUE for a program with nondeterministic input.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "common/checks.h"
#include "common/deadline.h"
#include "common/property.h"
#include "interp/interp.h"

namespace atropos::falsifier {

struct Statistics {
  uint64_t runs = 0;
  uint64_t steps = 0;
};

// Inputs that another engine expects to lead to a violation; the verdict names that engine when they do.
struct SuggestedRun {
  std::vector<uint64_t> values;  // bit patterns in the order the program draws them; draws past the end get zero
  bool uninitializedReadsZero = false;  // `values` are the nondet calls' only; uninitialized memory reads as zero
  std::string engine;
};

struct Options {
  Deadline deadline = Deadline::never();
  // The reading the properties are decided under; executions are C's, so a run whose operations the reading reads
  // otherwise is no evidence past them.
  Semantics semantics = Semantics::C;
  uint64_t seed = 0x5eed;
  uint64_t memoryBytes = 2ull << 30;  // for the program's own allocations
  std::function<void(const Statistics&)> progress;  // called about once a second, when set
  // Executions to run before the generated ones, e.g. models of the symbolic execution's error states.
  std::vector<SuggestedRun> suggestedRuns;
  // Starts of executions (inputs that lead deep into the program): each is run on with generated values past its
  // end once after the suggested runs, and then every other generated run begins with one of them.
  std::vector<SuggestedRun> starts;
  // Run only the suggested executions and each start once.
  bool onlySuggested = false;
  // At most this many executions with generated inputs (0: until the deadline).
  uint64_t maxGeneratedRuns = 0;
  // Each execution with generated inputs stops after this many IR instructions (0: four million at first, twice as
  // many every 16 runs, so that the first runs look for shallow bugs quickly and later ones go deep). A first
  // generated run cut before it drew an input runs again to four million: it may decide a program without input.
  // The explicit-state search keeps to the same limit between two nondet calls.
  uint64_t runSteps = 0;
};

std::vector<Outcome> falsify(const interp::Interpreter& interpreter, const std::vector<Property>& properties,
                             const Options& options, Statistics* statistics = nullptr);

// A recurrent set that another engine proved at a loop head, every iteration from it returning to it, and the inputs
// of an execution said to reach it.
struct RecurrentSetClaim {
  std::vector<uint64_t> stem;
  bool uninitializedReadsZero = false;
  SourceLocation head;
  std::string expression;  // the set in C, over the variables in scope at the head
  bool complete = false;   // as Counterexample::Recurrence::complete
  std::string engine;
  std::string how;  // how the set was proven, for the verdict's reason
};

// Termination FALSE when the stem replays: the execution with the stem's inputs (and zeros after them) runs for a
// million steps without ending, stopping at a violation, leaving what the interpreter executes exactly or looking
// at an address, and is still going round the loop at the end (the head's line among the last lines executed).
// UNKNOWN otherwise.
Outcome confirmRecurrentSet(const interp::Interpreter& interpreter, const RecurrentSetClaim& claim,
                            const Options& options);

}  // namespace atropos::falsifier
