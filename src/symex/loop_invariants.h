// Loop invariants in C, from a complete symbolic execution graph: what a correctness witness states and a reader
// of a proof wants to see.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "common/property.h"
#include "its/linear.h"
#include "graph.h"
#include "smt/term.h"
#include "program_index.h"

namespace atropos::symex {

// At each loop head of the graph: the disjunction, over the graph's states there, of each state's facts about the
// integer variables in scope, written so that C evaluates them exactly (in long long, every variable read through a
// cast to its width and to the reading the facts use; facts that could overflow there, or that C cannot state, are
// left out). Only sound for a complete graph built with C's integer arithmetic and free of error states (or whose
// error states an inductive invariant showed unreachable): then every fact holds in every execution. `provenAt` adds,
// by state, facts over its symbols that hold in every execution there (such an inductive invariant). Heads where
// nothing is known are left out.
std::vector<LoopInvariant> loopInvariants(const Graph& graph, const ProgramIndex& index,
                                          const std::vector<std::pair<int, smt::Term>>& provenAt = {});

// Facts over the symbols of the state of graph node `node` at a loop head, in C as loopInvariants writes them: the
// conjuncts C can state over the integer variables in scope there; `complete` when every conjunct is stated.
// Nothing when none is.
struct FactsInC {
  std::string expression;
  bool complete = false;
};
std::optional<FactsInC> factsInC(const Graph& graph, int node, const ProgramIndex& index, const smt::Term& facts);

// A termination proof's ranking functions at the loop heads, in C: `tupleAtState` gives, for states of the graph
// that are locations of the proof's system, the lexicographic tuple that decreases between any two visits of that
// location (termination::lexicographicAt), over `variables` (the system's, the symbols of the states). A loop head
// (not a recursive function's entry or return) gets one where a single state stands for every visit of it and every
// variable of the tuple is an integer variable of at most 32 bits in scope there (the variables' part of each
// component in long long, where it does not overflow). Components constant at the head are left out.
std::vector<LoopRanking> loopRankings(const Graph& graph, const ProgramIndex& index,
                                      const std::map<int, std::vector<its::LinearExpr>>& tupleAtState,
                                      const std::vector<std::string>& variables);

}  // namespace atropos::symex
