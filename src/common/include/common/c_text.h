// C text of integer types, casts and literals: the one writer behind witnesses, explanations and reports, so that a
// validator compiling the text and a person reading it see the same value of the same type.
#pragma once

#include <cstdint>
#include <string>

namespace atropos {

// The C type of integers of `bits` bits: signed char, short, int, long long and their unsigned forms (a width other
// than 8, 16 or 32 reads as 64). The names hold on ILP32 and LP64 alike.
std::string cIntegerType(unsigned bits, bool isSigned);
// The cast to that type, e.g. "(unsigned short)".
std::string cCast(unsigned bits, bool isSigned);

// A literal of the value, of type int where int holds it (`5`, `-7`) and long long beyond (`3000000000LL`); the
// least long long is written `(-9223372036854775807LL - 1)`, as C has no literal for it.
std::string signedLiteral(int64_t value);
// An unsigned literal of the value: a suffix only once it leaves int's range (`4294967295U`, `4294967296ULL`).
std::string unsignedLiteral(uint64_t value);

// The literal of a `bits`-wide pattern read as that width's type, written so that C's usual conversions treat the
// other operand of a comparison or of `%` as they would a value of that type: unsigned ones are `U` (unsigned int)
// up to 32 bits and `ULL` at 64; signed ones are int up to 32 bits and `LL` at 64, the least of int and of long long
// written as a difference so that it keeps its type (`(-2147483647 - 1)`).
std::string literalOfWidth(uint64_t pattern, unsigned bits, bool isSigned);

}  // namespace atropos
