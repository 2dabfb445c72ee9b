#include "smt/integers.h"

#include <algorithm>
#include <optional>
#include <vector>

#include "smt/failure.h"
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

smt::Term project(z3::context& context, const z3::expr_vector& variables, const z3::expr& body, unsigned millis) {
  if (variables.empty()) return body;
  smt::Term quantified = z3::exists(variables, body);
  std::optional<smt::Term> eliminated;
  // Where elimination fails, the formula keeps its quantifier.
  attempt([&] {
    z3::goal goal(context);
    goal.add(quantified);
    z3::apply_result result = z3::try_for(z3::tactic(context, "qe") & z3::tactic(context, "simplify"), millis)(goal);
    if (result.size() == 1) eliminated = result[0].as_expr();
  });
  return eliminated ? *eliminated : quantified;
}

}  // namespace atropos::smt
