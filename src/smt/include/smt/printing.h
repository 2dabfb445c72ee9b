// Terms and formulas in the infix notation of C, for people reading evidence.
#pragma once

#include <z3++.h>

#include <string>
#include <vector>

#include "smt/term.h"

namespace atropos::smt {

std::string infix(const smt::Term& e);

}  // namespace atropos::smt
