// Loop invariants in C, from a complete symbolic execution graph: what a correctness witness states and a reader
// of a proof wants to see.
#pragma once

#include <vector>

#include "common/property.h"
#include "symex/graph.h"
#include "symex/program_index.h"

namespace atropos::symex {

// At each loop head of the graph: the disjunction, over the graph's states there, of each state's facts about the
// integer variables in scope, written so that C evaluates them exactly (in long long, every variable read through a
// cast to its width and to the reading the facts use; facts that could overflow there, or that C cannot state, are
// left out). Only sound for a complete graph built with C's integer arithmetic and free of error states: then every
// fact holds in every execution. Heads where nothing is known are left out.
std::vector<LoopInvariant> loopInvariants(const Graph& graph, const ProgramIndex& index);

}  // namespace atropos::symex
