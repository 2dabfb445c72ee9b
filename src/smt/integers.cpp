#include "smt/integers.h"

#include <algorithm>
#include <vector>

#include "smt/term.h"

namespace atropos::smt {

std::string powerOfTwoDecimal(unsigned exponent) {
  std::vector<int> digits{1};  // least significant first
  for (unsigned k = 0; k < exponent; ++k) {
    int carry = 0;
    for (int& d : digits) {
      int v = d * 2 + carry;
      d = v % 10;
      carry = v / 10;
    }
    if (carry) digits.push_back(carry);
  }
  std::string text;
  for (auto it = digits.rbegin(); it != digits.rend(); ++it) text.push_back(char('0' + *it));
  return text;
}

smt::Term powerOfTwo(z3::context& context, unsigned exponent) {
  return context.int_val(powerOfTwoDecimal(exponent).c_str());
}

smt::Term unsignedMax(z3::context& context, unsigned bits) { return (powerOfTwo(context, bits) - 1).simplify(); }
smt::Term signedMin(z3::context& context, unsigned bits) { return (-powerOfTwo(context, bits - 1)).simplify(); }
smt::Term signedMax(z3::context& context, unsigned bits) { return (powerOfTwo(context, bits - 1) - 1).simplify(); }

smt::Term inUnsignedRange(const smt::Term& term, unsigned bits) {
  z3::context& c = term.ctx();
  return term >= 0 && term <= unsignedMax(c, bits);
}

smt::Term inSignedRange(const smt::Term& term, unsigned bits) {
  z3::context& c = term.ctx();
  return term >= signedMin(c, bits) && term <= signedMax(c, bits);
}

bool numeralValue(const smt::Term& term, int64_t& value) {
  if (!term.is_numeral()) return false;
  return term.is_numeral_i64(value);
}

}  // namespace atropos::smt
