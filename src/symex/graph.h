// The symbolic execution graph (SEG) and its construction (seed 002 §5.5).
#pragma once

#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "executor.h"
#include "merge.h"

namespace atropos::symex {

// A recursive call is not executed inline (seed 001 §3): the call state gets a call abstraction (its callee's frame
// alone), which generalizes to the function's entry state, where the function is executed once for every such
// call. The function's return states (one frame, at a `ret`) come back to each call state as intersections: the
// callers' frames over the returned frame, whose variables keep the caller's terms where they still hold the entry's
// values (variable identity) and are new otherwise.
enum class EdgeKind { Evaluation, Refinement, Generalization, CallAbstraction, Intersection };

struct Node {
  enum class Status { Open, Expanded, Generalized, Error, End, Infeasible, Removed, Return };
  State state;
  Status status = Status::Open;
  int parent = -1;
  EdgeKind incoming = EdgeKind::Evaluation;
  std::vector<int> children;  // evaluation and refinement successors
  int generalization = -1;    // Generalized: the node this one is an instance of
  Instantiation instantiation;
  bool mergeResult = false;
  unsigned widenings = 0;  // how often this loop head, or one it was merged from, took locations (withLocationsOf)
  unsigned merges = 0;     // how many merges at this loop head made this state, one after another
  Check error = Check::NotModelled;
  EndKind end = EndKind::Return;
  std::string message;
  const llvm::Instruction* at = nullptr;  // the instruction an error or end happened at
};

struct GraphLimits {
  Deadline deadline = Deadline::never();
  size_t maxNodes = 60000;
  unsigned queryMillis = 300;
  std::shared_ptr<smt::QueryLog> smtLog;  // where the solver's questions are recorded (none when null)
  // Stop at the first error state of these kinds: once one exists, nothing asked can be proven. An error state
  // below a merge is an exception, up to `deferredErrors` of them: the merge may have lost what excludes it, and
  // the complete graph may show it unreachable (reachability.h). Above every merge a state's facts are exact.
  bool stopAtReach = false;
  bool stopAtOtherErrors = false;
  size_t deferredErrors = 0;
  // Stop at the first possible signed overflow, below a merge too: under an unbounded reading, a graph with C's
  // signed arithmetic comes first, and an overflow means that the unbounded rules must take over.
  bool stopAtOverflow = false;
  // Loop heads take the locations a loop keeps its values at (withLocationsOf): ranking functions need them, and
  // they cost safety proofs time (valid-memsafety lost 7 of 326 TRUE answers at 5 s with them).
  bool nameLoopLocations = false;
  // A loop head reached for the first time (no earlier visit in the same calls) does not merge with the state
  // after one pass: the state after the second pass merges with that one. A loop's first pass often establishes
  // what every later pass keeps (x = x & a makes x <= a), which a merge with the state before the loop loses;
  // relations to the values before the loop are lost instead. A loop whose first pass makes a null pointer point to
  // the heap (the first element of a list it builds) is peeled so in any case.
  bool peelFirstPass = false;
};

struct Graph {
  std::vector<Node> nodes;
  bool complete = false;        // every node is closed: the graph represents every execution
  std::string incompleteReason;
  unsigned long long solverQueries = 0;
  unsigned long long solverQueriesInterrupted = 0;  // of those, the ones that ran out of time
  // The symbolic variables the graph's executor named: an executor that goes on from its states starts after them.
  unsigned long long variables = 0;
  std::unordered_set<std::string> exactVariables;  // Executor::exactVariables of the graph's executor
};

// Forgets the program values no instruction will read any more, so that states at a loop head have the same
// shape however often the loop ran.
void dropDeadValues(State& state, const ProgramIndex& index);

// Builds the graph from the start of `main`.
Graph buildGraph(const llvm::Function& main, const llvm::Module& module, const ProgramIndex& index,
                 z3::context& context, const GraphLimits& limits);

}  // namespace atropos::symex
