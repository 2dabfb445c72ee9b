// The integer transition system of a symbolic execution graph's cycles (seed 002 Def. 12, seed 001 §4): its
// termination implies the program's for every state the graph represents (seed 002 Thm. 13).
//
// Def. 12 gives one transition per edge: an evaluation, refinement, call-abstraction or intersection edge a → b
// keeps every variable of a (v' = v) and leaves the others arbitrary (seed 001 §4: the fresh variables of an
// intersection are what the callee returned); a generalization edge a → b with instantiation μ sets v' = μ(v) for
// b's variables; the guard is ⟨a⟩. Here those transitions come already chained: every cycle passes through the
// target of a generalization edge, so the locations are those targets (on cycles), the variables theirs, and each
// path of the tree between two of them is one transition (the guards of its states, the values its states
// introduce as temporaries). Guards leave out disjunctive facts (block disjointness, the one-value-per-location
// implications) and disequalities on such temporaries: dropping facts only adds runs. Every location may start a
// run: only the cycles are translated.
#pragma once

#include <string>
#include <vector>

#include "common/deadline.h"
#include "its/its.h"
#include "graph.h"
#include "program_index.h"
#include "smt/term.h"

namespace atropos::symex {

struct GraphSystem {
  its::Its its;
  std::vector<int> nodeOfLocation;  // the graph node each location stands for
};

// Throws its::OutOfTime when the deadline passes (large graphs give systems of locations × variables terms).
GraphSystem cyclesOf(const Graph& graph, const ProgramIndex& index, z3::context& context, const Deadline& deadline,
                     const std::shared_ptr<smt::QueryLog>& smtLog = nullptr);

}  // namespace atropos::symex
