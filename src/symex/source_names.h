// The symbolic variables of a state by the C names of the program values they hold, to print facts and proofs in
// source terms. Allocated blocks are named by the pointer to their start (`s`, `s_end`) or by number, lists' lengths
// by the pointer to their first element (`length(p)`).
#pragma once

#include "smt/term.h"
#include "merge.h"
#include "program_index.h"
#include "state.h"

namespace atropos::symex {

Instantiation sourceNames(const State& state, const ProgramIndex& index, z3::context& context);

}  // namespace atropos::symex
