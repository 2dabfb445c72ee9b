// C text of integer types, casts, literals, sums, conjunctions and disjunctions: the one writer behind witnesses,
// explanations and reports, so that a validator compiling the text and a person reading it see the same value of the
// same type.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

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

// A term of a sum by its sign and the text of its magnitude (`2 * x`, `5`).
struct SignedTerm {
  bool negative = false;
  std::string magnitude;
};
// The terms as one sum, signs folded into the operators: `a + b - c`, a negative first term as `-a`, `0` when there
// are none. A magnitude binds tighter than `+` and `-` (a product, a name, a literal, a parenthesized expression).
std::string cSum(const std::vector<SignedTerm>& terms);

// The parts joined by `&&`, `1` when there are none (C's true). Each part binds tighter than `&&` (a comparison, or a
// parenthesized expression), as every writer's facts do.
std::string cConjunction(const std::vector<std::string>& parts);
// The parts joined by `||`, each in parentheses when there are several (a part is a conjunction), `0` when there are
// none (C's false).
std::string cDisjunction(const std::vector<std::string>& parts);

}  // namespace atropos
