// The integer transition system of a symbolic execution graph's cycles (seed 002 Def. 12, seed 001 §4): its
// termination implies the program's for every state the graph represents (seed 002 Thm. 13).
//
// Locations are the graph's states on cycles, variables the symbolic variables of those states. An evaluation,
// refinement, call-abstraction or intersection edge a → b keeps every variable of a (v' = v) and leaves the others
// arbitrary (seed 001 §4: the fresh variables of an intersection are what the callee returned); a generalization edge
// a → b with instantiation μ sets v' = μ(v) for b's variables. Each transition's guard is ⟨a⟩ without its
// disjunctive facts (block disjointness, the one-value-per-location implications): dropping facts only adds runs.
// Every location may start a run: only the cycles are translated.
#pragma once

#include <z3++.h>

#include <string>
#include <vector>

#include "common/deadline.h"
#include "its/its.h"
#include "symex/graph.h"
#include "symex/program_index.h"

namespace atropos::symex {

struct GraphSystem {
  its::Its its;
  std::vector<int> nodeOfLocation;  // the graph node each location stands for
};

// Throws its::OutOfTime when the deadline passes (large graphs give systems of locations × variables terms).
GraphSystem cyclesOf(const Graph& graph, const ProgramIndex& index, z3::context& context, const Deadline& deadline);

}  // namespace atropos::symex
