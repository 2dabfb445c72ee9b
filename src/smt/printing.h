// Terms and formulas in the infix notation of C, for people reading evidence.
#pragma once

#include <z3++.h>

#include <string>
#include <vector>

#include "smt/term.h"

namespace atropos::smt {

std::string infix(const smt::Term& e);
// The uninterpreted constants (variables) a term mentions.
void variablesOf(const smt::Term& e, std::vector<smt::Term>& out);

}  // namespace atropos::smt
