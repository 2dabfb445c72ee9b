// Non-termination of the program itself from a recurrent set of its graph's system (issue 43).
//
// The system of a graph's cycles over-approximates the program: a merge forgets facts, and a value the graph does
// not know (memory it lost, a float) is a temporary the back end may choose at will. So a set the back end finds
// closed on the system is only a candidate. It becomes a proof of non-termination when
// - it is closed under one iteration of the loop as the program's instructions define it under the reading: from
//   the loop head's state with the set added, the executor runs every path of the body (no merging) back to the head
//   state's position, and for every state of the set some path, for some values it draws, comes back to a state the
//   head represents (an instance, seed 002's generalization) that lies in the set again. A path counts only where
//   every new value in its facts is one a rule defined exactly (Executor::exactVariables: not a float, not memory
//   the state does not describe, not a constant read as either of two numbers, not a new object's address) and the
//   facts fix it given the draws, and where it runs without a failed check;
// - an execution reaches it: a state of the graph at the loop head above every merge, whose values are all defined
//   exactly, has a model in the set, and with the model's draws it lies in the set wherever the objects lie in
//   memory: the draws are the stem.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "common/deadline.h"
#include "graph.h"
#include "program_index.h"
#include "transition_system.h"

namespace llvm {
class Function;
class Module;
}  // namespace llvm

namespace atropos::symex {

struct ProgramRecurrence {
  int head = -1;     // the graph node of the loop head whose state the set speaks of
  smt::Term states;  // the set, over the head state's variables
  // The set with the head state's own facts, over the values the source names (sourceNames): what holds at the
  // head in C's terms, the other values projected away (or, where that takes too long, their facts left out).
  smt::Term overNamedValues;
  // The set for a reader: `states` where the source names all its values, else overNamedValues.
  smt::Term shown;
  std::string kind;  // how the back end found it on the system (termination::RecurrentSet::kind)
  size_t paths = 0;  // paths of one iteration that the closure uses
  // The values the execution to the set draws, in order (numbers of the reading, which need not fit their type).
  std::vector<std::string> stem;
  // The same draws as C's bit patterns (the number modulo 2^width), and whether every number fits its type, so
  // that an execution of C can draw them.
  std::vector<uint64_t> stemPatterns;
  bool stemFitsTypes = true;
};

struct RecurrenceOptions {
  Deadline deadline = Deadline::never();
  unsigned queryMillis = 1000;
  size_t maxSteps = 4000;  // executor steps per iteration explored
  size_t maxPaths = 32;    // paths of one iteration back to the head
  size_t maxCandidates = 8;
  std::shared_ptr<smt::QueryLog> smtLog;  // where the solver's questions are recorded (none when null)
};

std::optional<ProgramRecurrence> findProgramRecurrence(const Graph& graph, const GraphSystem& system,
                                                       const llvm::Function& main, const llvm::Module& module,
                                                       const ProgramIndex& index, z3::context& context,
                                                       const RecurrenceOptions& options);

}  // namespace atropos::symex
