// Whether states of a complete symbolic execution graph can be reached at all (error states, typically).
//
// An error state only says that the graph's abstraction could not exclude an error there: a merge at a loop head
// keeps what the solver proved of every iteration, not the relations a loop preserves (`y - z` stays the same,
// `b != 0` only while `x >= 0`). Here the graph becomes constrained Horn clauses: one predicate per location (the
// initial state and every generalization target) over the location's symbols, and one clause per path of the tree
// from a location to the next location, to an instance (its general state's predicate under the instantiation)
// or to a target (false). A path's facts are those of its states; symbols keep their values along it. A solution
// is an inductive invariant of the graph that excludes the targets. Octagons (±a ± b >= c over a location's
// program values) kept by Houdini come first: cheap, and what Spacer is slowest to learn, one iteration at a time.
// Then Z3's Spacer (property-directed reachability) with the octagons as facts. Every solution is checked clause
// by clause before it is believed. Non-linear facts are left out: the clauses then allow more, so a solution
// still excludes the targets.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "common/deadline.h"
#include "graph.h"
#include "program_index.h"
#include "smt/term.h"

namespace atropos::symex {

struct Unreachability {
  bool proven = false;
  std::string reason;  // why not, when not proven
  // The checked solution at the states it was asked for (loop heads and function entries, as facts over the
  // state's symbols), for evidence.
  std::vector<std::pair<int, smt::Term>> invariants;
};

Unreachability proveUnreachable(const Graph& graph, const std::vector<int>& targets, const ProgramIndex& index,
                                z3::context& context, const Deadline& deadline,
                                const std::shared_ptr<smt::QueryLog>& smtLog = nullptr);

// Invariants of the graph's locations (other than the initial state) for the termination proof, by node id, as
// facts over the location's symbols: the octagons, and polynomial equalities of degree 2 among the location's
// values (the linear relations among the values of their monomials in sample runs of the clauses: its/nullspace.h),
// those that every clause keeps (Houdini). Each holds in every state of the location that the clauses reach, and
// so in every state the program reaches there. Empty when the graph has no clauses or the time runs out.
std::unordered_map<int, std::vector<smt::Term>> locationInvariants(
    const Graph& graph, const ProgramIndex& index, z3::context& context, const Deadline& deadline,
    const std::shared_ptr<smt::QueryLog>& smtLog = nullptr);

}  // namespace atropos::symex
