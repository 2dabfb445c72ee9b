#include "smt/integers.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <string>
#include <vector>

#include "smt/failure.h"
#include "smt/isolated.h"
#include "smt/solver.h"
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
  // In a child process (isolated.h), which hands back the result as SMT-LIB text: Z3 4.8.12's quantifier
  // elimination crashed (SIGSEGV) when the timer of try_for, which stopped it before, cancelled it, in 4 of 75 runs of
  // termination-bwb/and-02 sharing the processor. The child stops it by a resource limit on its copy of the context
  // (tactics take none of their own) where Z3 counts resources, and the parent kills it after `millis`, as the timer
  // did, where it does not (with a slack of 2 s, and-01 took 5.4 s instead of 1.5 s). Where elimination fails, the
  // formula keeps its quantifier.
  const std::optional<std::string> text = runApart(
      [&] {
        const unsigned long long budget = static_cast<unsigned long long>(millis) * Limits().resourcePerMilli;
        context.set("rlimit", std::to_string(budget).c_str());
        z3::goal goal(context);
        goal.add(quantified);
        const z3::apply_result result = (z3::tactic(context, "qe") & z3::tactic(context, "simplify")).apply(goal);
        if (result.size() != 1) return std::string();
        z3::solver written(context, z3::solver::simple());
        written.add(result[0].as_expr());
        return written.to_smt2();
      },
      std::chrono::milliseconds(millis));
  if (text && !text->empty())
    attempt([&] { eliminated = z3::mk_and(context.parse_string(text->c_str())); });
  return eliminated ? *eliminated : quantified;
}

}  // namespace atropos::smt
