// What a proof attempt of the symbolic execution rests on, as values for a reader (report/ renders them: --explain
// and Graphviz). The verdicts' own certificates are in property.h.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "common/property.h"

namespace atropos {

// A fact about a state in source terms (`0 <= i`, `*p == 3`), one per entry.
using Facts = std::vector<std::string>;

// The symbolic execution graph: its states and how each follows from another.
struct GraphEvidence {
  struct State {
    size_t id = 0;
    SourceLocation at;  // where the state continues (function always set, the line where known)
    enum class Kind { Open, Error, End, Return } kind = Kind::Open;
    std::string check;         // an error state: the check that fails there
    bool reachError = false;   // an error state that calls reach_error()
    bool merged = false;       // the result of merging states at a loop head or recursive call
    Facts facts;               // a merged state's facts
  };
  enum class Step { Evaluation, Refinement, CallAbstraction, Return, InstanceOf };
  struct Edge {
    size_t from = 0;
    size_t to = 0;
    Step step = Step::Evaluation;
  };
  std::vector<State> states;
  std::vector<Edge> edges;
};

// The symbolic execution's account of one proof attempt.
struct ProofExplanation {
  size_t states = 0;
  bool complete = false;
  std::string incompleteReason;
  unsigned long long solverQueries = 0;
  unsigned long long queriesOutOfTime = 0;
  bool firstPassesPeeled = false;
  struct ErrorState {
    std::string check;
    std::string message;
    SourceLocation at;
    Facts facts;  // of the state that reaches it
  };
  std::vector<ErrorState> errors;
  struct HeadState {
    enum class Kind { LoopHead, RecursiveEntry, RecursiveReturn } kind = Kind::LoopHead;
    SourceLocation at;
    Facts facts;  // the generalized state there
  };
  std::vector<HeadState> heads;
  struct Invariant {
    SourceLocation at;
    std::string formula;
  };
  // The inductive invariant that showed the remaining error states unreachable, at the merged states.
  std::vector<Invariant> unreachability;
  // Termination: whether the graph's cycles were proven finite, and the back end's proof or reason over the
  // integer transition system, with the variables named as in the source.
  bool terminationAsked = false;
  bool terminationProven = false;
  std::string terminationProof;
  // terminationProof in its parts: what holds of all cycles (no places), or the account of one cycle, with the
  // places of the graph it passes through (loop heads, recursive calls).
  struct TerminationPart {
    std::vector<SourceLocation> through;
    std::string text;
  };
  std::vector<TerminationPart> terminationParts;
};

}  // namespace atropos
