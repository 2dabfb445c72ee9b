#include "common/c_text.h"

#include <climits>

#include "common/bits.h"
#include "common/text.h"

namespace atropos {

std::string cIntegerType(unsigned bits, bool isSigned) {
  switch (bits) {
    case 8: return isSigned ? "signed char" : "unsigned char";
    case 16: return isSigned ? "short" : "unsigned short";
    case 32: return isSigned ? "int" : "unsigned int";
    default: return isSigned ? "long long" : "unsigned long long";
  }
}

std::string cCast(unsigned bits, bool isSigned) { return "(" + cIntegerType(bits, isSigned) + ")"; }

std::string signedLiteral(int64_t value) {
  if (value == INT64_MIN) return "(-9223372036854775807LL - 1)";
  return std::to_string(value) + (value > INT32_MAX || value < INT32_MIN ? "LL" : "");
}

std::string unsignedLiteral(uint64_t value) {
  return std::to_string(value) + (value > 0x7fffffffull ? "U" : "") + (value > 0xffffffffull ? "LL" : "");
}

std::string literalOfWidth(uint64_t pattern, unsigned bits, bool isSigned) {
  const bool wide = bits > 32;
  if (!isSigned) return std::to_string(pattern & maskOf(bits)) + (wide ? "ULL" : "U");
  const int64_t value = signExtend(pattern & maskOf(bits), bits);
  if (value == INT64_MIN) return "(-9223372036854775807LL - 1)";
  if (value == INT32_MIN && !wide) return "(-2147483647 - 1)";
  return std::to_string(value) + (wide ? "LL" : "");
}

std::string cSum(const std::vector<SignedTerm>& terms) {
  if (terms.empty()) return "0";
  std::string text = terms.front().negative ? "-" + terms.front().magnitude : terms.front().magnitude;
  for (size_t k = 1; k < terms.size(); ++k) text += (terms[k].negative ? " - " : " + ") + terms[k].magnitude;
  return text;
}

std::string cConjunction(const std::vector<std::string>& parts) {
  if (parts.empty()) return "1";
  return joined(parts, " && ");
}

std::string cDisjunction(const std::vector<std::string>& parts) {
  if (parts.empty()) return "0";
  if (parts.size() == 1) return parts.front();
  std::vector<std::string> enclosed;
  for (const std::string& p : parts) enclosed.push_back("(" + p + ")");
  return joined(enclosed, " || ");
}

}  // namespace atropos
