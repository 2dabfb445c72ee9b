// Terms and formulas in the infix notation of C, for people reading evidence.
#pragma once

#include <z3++.h>

#include <string>
#include <vector>

namespace atropos::smt {

std::string infix(const z3::expr& e);
// The uninterpreted constants (variables) a term mentions.
void variablesOf(const z3::expr& e, std::vector<z3::expr>& out);

}  // namespace atropos::smt
