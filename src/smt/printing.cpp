#include "smt/printing.h"

#include <cstdint>

#include "common/c_text.h"
#include "smt/term.h"

namespace atropos::smt {

namespace {

std::string joined(const smt::Term& e, const char* op) {
  std::string text;
  for (unsigned k = 0; k < e.num_args(); ++k) {
    if (k) text += op;
    text += infix(e.arg(k));
  }
  return text;
}

std::string binary(const smt::Term& e, const char* op) { return infix(e.arg(0)) + " " + op + " " + infix(e.arg(1)); }

// SMT-LIB's integer `div` and `mod` are Euclidean (the remainder is never negative), C's `/` and `%` truncate toward
// zero: the two differ by one divisor step where C's remainder is negative. The sign of a constant divisor settles
// the step's direction; otherwise the text asks for it.
std::string euclidean(const smt::Term& e) {
  const std::string a = infix(e.arg(0));
  const std::string b = infix(e.arg(1));
  const std::string negativeRemainder = "(" + a + " % " + b + " < 0)";
  const smt::Term& divisor = e.arg(1);
  int64_t v = 0;
  const bool constant = divisor.is_numeral() && divisor.is_numeral_i64(v) && v != 0 && v != INT64_MIN;
  if (e.decl().decl_kind() == Z3_OP_IDIV) {
    if (constant) return "(" + a + " / " + b + (v > 0 ? " - " : " + ") + negativeRemainder + ")";
    return "(" + a + " / " + b + " + (" + negativeRemainder + " ? (" + b + " > 0 ? -1 : 1) : 0))";
  }
  const std::string magnitude =
      constant ? std::to_string(v > 0 ? v : -v) : "(" + b + " > 0 ? " + b + " : -(" + b + "))";
  return "(" + a + " % " + b + " + (" + negativeRemainder + " ? " + magnitude + " : 0))";
}

}  // namespace

const char* cComparison(Z3_decl_kind kind, bool negated) {
  switch (kind) {
    case Z3_OP_LE: return negated ? ">" : "<=";
    case Z3_OP_LT: return negated ? ">=" : "<";
    case Z3_OP_GE: return negated ? "<" : ">=";
    case Z3_OP_GT: return negated ? "<=" : ">";
    case Z3_OP_EQ: return negated ? "!=" : "==";
    case Z3_OP_DISTINCT: return negated ? nullptr : "!=";
    default: return nullptr;
  }
}

std::string infix(const smt::Term& e) {
  if (e.is_numeral()) return e.get_decimal_string(0);
  if (e.is_true()) return "true";
  if (e.is_false()) return "false";
  if (e.is_const()) return e.decl().name().str();
  if (!e.is_app()) return e.to_string();
  switch (e.decl().decl_kind()) {
    case Z3_OP_ADD: {
      // A negative constant or a term -1 * x after the first as its subtraction: `n - i`, not `n + -1*i`.
      std::vector<SignedTerm> terms{SignedTerm{false, infix(e.arg(0))}};
      for (unsigned k = 1; k < e.num_args(); ++k) {
        smt::Term a = e.arg(k);
        int64_t v;
        if (a.is_numeral() && a.get_decimal_string(0).front() == '-')
          terms.push_back(SignedTerm{true, a.get_decimal_string(0).substr(1)});
        else if (a.decl().decl_kind() == Z3_OP_MUL && a.num_args() == 2 && a.arg(0).is_numeral() &&
                 a.arg(0).is_numeral_i64(v) && v == -1)
          terms.push_back(SignedTerm{true, infix(a.arg(1))});
        else
          terms.push_back(SignedTerm{false, infix(a)});
      }
      return "(" + cSum(terms) + ")";
    }
    case Z3_OP_SUB:
      return "(" + joined(e, " - ") + ")";
    case Z3_OP_UMINUS:
      return "-" + infix(e.arg(0));
    case Z3_OP_MUL: {
      int64_t v;
      if (e.num_args() == 2 && e.arg(0).is_numeral() && e.arg(0).is_numeral_i64(v) && v == -1)
        return "-" + infix(e.arg(1));
      return joined(e, "*");
    }
    case Z3_OP_IDIV:
    case Z3_OP_MOD:
      return euclidean(e);
    case Z3_OP_NOT: {
      const smt::Term a = e.arg(0);
      if (const char* op = a.is_app() ? cComparison(a.decl().decl_kind(), true) : nullptr) return binary(a, op);
      return "!(" + infix(a) + ")";
    }
    case Z3_OP_AND:
      return "(" + joined(e, " && ") + ")";
    case Z3_OP_OR:
      return "(" + joined(e, " || ") + ")";
    case Z3_OP_IMPLIES:
      return "(" + binary(e, "==>") + ")";
    case Z3_OP_ITE:
      return "(" + infix(e.arg(0)) + " ? " + infix(e.arg(1)) + " : " + infix(e.arg(2)) + ")";
    default:
      if (const char* op = cComparison(e.decl().decl_kind())) return binary(e, op);
      return e.to_string();
  }
}

}  // namespace atropos::smt
