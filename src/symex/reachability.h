// Whether states of a complete symbolic execution graph can be reached at all (error states, typically).
//
// An error state only says that the graph's abstraction could not exclude an error there: a merge at a loop head
// keeps what the solver proved of every iteration, not the relations a loop preserves (`y - z` stays the same,
// `b != 0` only while `x >= 0`). Here the graph becomes constrained Horn clauses, one predicate per state over its
// symbols: the initial state's facts imply its predicate; a state and the facts a child adds imply the child's
// (symbols keep their values along an edge); an instance implies its general state's predicate under the
// instantiation. A solution of the clauses in which the targets' predicates are false is an inductive invariant of
// the graph that excludes them. Z3's Spacer finds it (property-directed reachability: it learns the lemmas the
// target needs, where abstract interpretation would have to guess their shape); the solution is then checked
// clause by clause before it is believed. Facts Spacer does not take well (non-linear ones) are left out: the
// clauses then allow more, so a solution still excludes the targets.
#pragma once

#include <z3++.h>

#include <string>
#include <vector>

#include "common/deadline.h"
#include "symex/graph.h"
#include "symex/program_index.h"

namespace atropos::symex {

struct Unreachability {
  bool proven = false;
  std::string reason;  // why not, when not proven
  // The checked solution at the states it was asked for (loop heads and function entries, as facts over the
  // state's symbols), for evidence.
  std::vector<std::pair<int, smt::Term>> invariants;
};

Unreachability proveUnreachable(const Graph& graph, const std::vector<int>& targets, const ProgramIndex& index,
                                z3::context& context, const Deadline& deadline);

}  // namespace atropos::symex
