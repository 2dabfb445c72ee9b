// Terms and formulas in the infix notation of C, for people reading evidence.
#pragma once

#include <z3++.h>

#include <string>
#include <vector>

#include "smt/term.h"

namespace atropos::smt {

std::string infix(const smt::Term& e);

// C's operator of a comparison (`<=`, `<`, `>=`, `>`, `==`, `!=`), of its negation when `negated`; nullptr when the
// declaration is no comparison (or its negation has no operator of its own).
const char* cComparison(Z3_decl_kind kind, bool negated = false);

}  // namespace atropos::smt
