// Integer constants of machine widths as solver terms (2^64 does not fit in any C++ integer type).
#pragma once

#include <z3++.h>

#include <cstdint>
#include <string>

#include "smt/term.h"

namespace atropos::smt {

std::string powerOfTwoDecimal(unsigned exponent);
smt::Term powerOfTwo(z3::context& context, unsigned exponent);
smt::Term unsignedMax(z3::context& context, unsigned bits);  // 2^bits - 1
smt::Term signedMin(z3::context& context, unsigned bits);    // -2^(bits-1)
smt::Term signedMax(z3::context& context, unsigned bits);    // 2^(bits-1) - 1
smt::Term inUnsignedRange(const smt::Term& term, unsigned bits);
smt::Term inSignedRange(const smt::Term& term, unsigned bits);
// The value of a numeral term, when it is one and fits.
bool numeralValue(const smt::Term& term, int64_t& value);
// `exists variables. body` without the quantifier where Z3's quantifier elimination manages within `millis`; with
// the quantifier where it does not.
smt::Term project(z3::context& context, const z3::expr_vector& variables, const z3::expr& body, unsigned millis);

}  // namespace atropos::smt
