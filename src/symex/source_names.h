// A state in C terms, for people reading evidence. Its symbolic variables are named by the C names of the program
// values they hold; allocated blocks by the pointer to their start (`s`, `s_end`) or by number; a value in memory by
// the C expression that reads it where debug information gives the pointer's type (`tail->prev`, `p->link.next`,
// else `*(8 + p)`); a list's length by the pointer to its first element (`length(p)`) and that element's fields
// through it (`p->data`, `p->prev`).
#pragma once

#include <map>

#include "common/evidence.h"
#include "smt/term.h"
#include "merge.h"
#include "program_index.h"
#include "state.h"

namespace atropos::symex {

struct SourceNames {
  Instantiation names;
  std::map<unsigned, const llvm::DIType*> types;  // the C type of a named term where known, by the term's id
};

SourceNames sourceNames(const State& state, const ProgramIndex& index, z3::context& context);

// The state's facts over named values, its memory and its lists as sentences in those names: the generalized state
// that --explain and --html show at a loop head (`head starts a doubly linked list of length(head) struct node
// elements linked by next and back by prev; the last one's next == 0`).
Facts describeState(const State& state, const ProgramIndex& index, z3::context& context);

}  // namespace atropos::symex
