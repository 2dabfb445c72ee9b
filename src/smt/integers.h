// Integer constants of machine widths as solver terms (2^64 does not fit in any C++ integer type).
#pragma once

#include <z3++.h>

#include <cstdint>
#include <string>

namespace atropos::smt {

std::string powerOfTwoDecimal(unsigned exponent);
z3::expr powerOfTwo(z3::context& context, unsigned exponent);
z3::expr unsignedMax(z3::context& context, unsigned bits);  // 2^bits - 1
z3::expr signedMin(z3::context& context, unsigned bits);    // -2^(bits-1)
z3::expr signedMax(z3::context& context, unsigned bits);    // 2^(bits-1) - 1
z3::expr inUnsignedRange(const z3::expr& term, unsigned bits);
z3::expr inSignedRange(const z3::expr& term, unsigned bits);
// The value of a numeral term, when it is one and fits.
bool numeralValue(const z3::expr& term, int64_t& value);

}  // namespace atropos::smt
