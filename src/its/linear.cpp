#include "its/linear.h"

#include <algorithm>
#include <unordered_map>

#include "common/c_text.h"
#include "common/text.h"
#include "smt/term.h"

namespace atropos::its {

Integer checkedAdd(Integer a, Integer b) {
  Integer r;
  if (__builtin_add_overflow(a, b, &r)) throw ArithmeticOverflow();
  return r;
}

Integer checkedMul(Integer a, Integer b) {
  Integer r;
  if (__builtin_mul_overflow(a, b, &r)) throw ArithmeticOverflow();
  return r;
}

std::string toString(Integer v) {
  if (v == 0) return "0";
  bool negative = v < 0;
  std::string digits;
  while (v != 0) {
    int d = static_cast<int>(v % 10);
    digits.push_back(static_cast<char>('0' + (d < 0 ? -d : d)));
    v /= 10;
  }
  if (negative) digits.push_back('-');
  std::reverse(digits.begin(), digits.end());
  return digits;
}

bool parseInteger(const std::string& text, Integer& value) {
  value = 0;
  size_t i = 0;
  bool negative = false;
  if (!text.empty() && text[0] == '-') {
    negative = true;
    i = 1;
  }
  if (i == text.size()) return false;
  try {
    for (; i < text.size(); ++i) {
      if (text[i] < '0' || text[i] > '9') return false;
      value = checkedAdd(checkedMul(value, 10), text[i] - '0');
    }
  } catch (const ArithmeticOverflow&) {
    return false;
  }
  if (negative) value = -value;
  return true;
}

Integer gcd(Integer a, Integer b) {
  while (b != 0) {
    Integer r = a % b;
    a = b;
    b = r;
  }
  return a < 0 ? -a : a;
}

Integer LinearExpr::coefficient(unsigned v) const {
  for (const auto& [var, c] : terms)
    if (var == v) return c;
  return 0;
}

LinearExpr LinearExpr::operator+(const LinearExpr& other) const {
  LinearExpr result;
  result.constant = checkedAdd(constant, other.constant);
  size_t i = 0, j = 0;
  while (i < terms.size() || j < other.terms.size()) {
    if (j == other.terms.size() || (i < terms.size() && terms[i].first < other.terms[j].first)) {
      result.terms.push_back(terms[i++]);
    } else if (i == terms.size() || other.terms[j].first < terms[i].first) {
      result.terms.push_back(other.terms[j++]);
    } else {
      Integer c = checkedAdd(terms[i].second, other.terms[j].second);
      if (c != 0) result.terms.emplace_back(terms[i].first, c);
      ++i;
      ++j;
    }
  }
  return result;
}

LinearExpr LinearExpr::operator-(const LinearExpr& other) const { return *this + other.scaled(-1); }

LinearExpr LinearExpr::scaled(Integer factor) const {
  if (factor == 0) return number(0);
  LinearExpr result;
  result.constant = checkedMul(constant, factor);
  for (const auto& [v, c] : terms) result.terms.emplace_back(v, checkedMul(c, factor));
  return result;
}

namespace {

smt::Term numeral(z3::context& context, Integer v) { return context.int_val(toString(v).c_str()); }

// A literal of the guard's disjunctive normal form: lhs <= 0, lhs < 0 or lhs == 0 (over integers).
struct Literal {
  smt::Term lhs;
  smt::Term rhs;
  enum Kind { Le, Lt, Eq } kind;
};
using Conjunction = std::vector<Literal>;
using Dnf = std::vector<Conjunction>;

class Translator {
 public:
  Translator(const Its& its, const LinearizeLimits& limits) : its_(its), limits_(limits) {
    for (unsigned k = 0; k < its.variables.size(); ++k) variableIndex_.emplace(its.variables[k].id(), k);
  }

  std::vector<LinearTransition> translate(const Transition& t) {
    temporaries_.clear();
    abstractions_.clear();
    products_.clear();
    sideConstraints_.clear();
    next_ = static_cast<unsigned>(its_.variables.size());
    std::vector<LinearExpr> update;
    for (const smt::Term& u : t.update) update.push_back(term(u));
    Dnf disjuncts = dnf(t.guard, true);
    std::vector<LinearTransition> result;
    for (const Conjunction& conjunction : disjuncts) {
      LinearTransition lt;
      lt.from = t.from;
      lt.to = t.to;
      lt.origin = t.origin;
      lt.update = update;
      bool infeasible = false;
      std::vector<Constraint> constraints = sideConstraints_;
      for (const Literal& literal : conjunction) {
        size_t before = sideConstraints_.size();
        std::optional<Constraint> c = constraint(literal);
        // Side constraints of terms first met in this literal (a fresh quotient) belong to every disjunct that
        // uses them; adding them here is enough since only this disjunct mentions the new temporaries.
        for (size_t k = before; k < sideConstraints_.size(); ++k) constraints.push_back(sideConstraints_[k]);
        if (!c) continue;
        if (c->expr.isConstant()) {
          bool holds = c->equality ? c->expr.constant == 0 : c->expr.constant <= 0;
          if (!holds) infeasible = true;
          continue;
        }
        if (std::find(constraints.begin(), constraints.end(), *c) == constraints.end()) constraints.push_back(*c);
      }
      if (infeasible) continue;
      boundProducts(constraints);
      lt.guard = std::move(constraints);
      lt.temporaries = next_ - static_cast<unsigned>(its_.variables.size());
      result.push_back(std::move(lt));
    }
    // Temporaries introduced by later disjuncts are unconstrained in earlier ones: give all the same count.
    for (LinearTransition& lt : result) lt.temporaries = next_ - static_cast<unsigned>(its_.variables.size());
    return result;
  }

 private:
  unsigned freshTemporary() { return next_++; }

  // A linear term, or a temporary standing for it when it is not linear (or beyond 128-bit coefficients).
  LinearExpr term(const smt::Term& e) {
    try {
      return exactTerm(e);
    } catch (const ArithmeticOverflow&) {
      return abstraction(e);
    }
  }

  LinearExpr abstraction(const smt::Term& e) {
    auto it = abstractions_.find(e.id());
    if (it != abstractions_.end()) return LinearExpr::variable(it->second);
    unsigned t = freshTemporary();
    abstractions_.emplace(e.id(), t);
    return LinearExpr::variable(t);
  }

  LinearExpr exactTerm(const smt::Term& e) {
    if (e.is_numeral()) {
      Integer v;
      if (!parseInteger(e.get_decimal_string(0), v)) throw ArithmeticOverflow();
      return LinearExpr::number(v);
    }
    if (isSymbol(e)) {
      auto it = variableIndex_.find(e.id());
      if (it != variableIndex_.end()) return LinearExpr::variable(it->second);
      auto t = temporaries_.find(e.id());
      if (t != temporaries_.end()) return LinearExpr::variable(t->second);
      unsigned fresh = freshTemporary();
      temporaries_.emplace(e.id(), fresh);
      return LinearExpr::variable(fresh);
    }
    if (!e.is_app()) return abstraction(e);
    switch (e.decl().decl_kind()) {
      case Z3_OP_ADD: {
        LinearExpr sum;
        for (unsigned k = 0; k < e.num_args(); ++k) sum = sum + term(e.arg(k));
        return sum;
      }
      case Z3_OP_SUB: {
        LinearExpr difference = term(e.arg(0));
        for (unsigned k = 1; k < e.num_args(); ++k) difference = difference - term(e.arg(k));
        return difference;
      }
      case Z3_OP_UMINUS:
        return term(e.arg(0)).scaled(-1);
      case Z3_OP_MUL: {
        LinearExpr product = LinearExpr::number(1);
        for (unsigned k = 0; k < e.num_args(); ++k) {
          LinearExpr factor = term(e.arg(k));
          if (factor.isConstant()) {
            product = product.scaled(factor.constant);
          } else if (product.isConstant()) {
            product = factor.scaled(product.constant);
          } else {
            const bool known = abstractions_.count(e.id()) > 0;
            LinearExpr t = abstraction(e);
            if (!known && k + 1 == e.num_args()) products_.push_back({t.terms.front().first, product, factor});
            return t;
          }
        }
        return product;
      }
      case Z3_OP_IDIV:
      case Z3_OP_MOD: {
        LinearExpr divisor = term(e.arg(1));
        if (!divisor.isConstant() || divisor.constant == 0) return abstraction(e);
        // SMT-LIB's div and mod: x == k*q + r with 0 <= r < |k|.
        auto known = abstractions_.find(e.id());
        if (known != abstractions_.end()) return LinearExpr::variable(known->second);
        LinearExpr dividend = term(e.arg(0));
        unsigned q = freshTemporary(), r = freshTemporary();
        Integer k = divisor.constant;
        Integer magnitude = k < 0 ? -k : k;
        sideConstraints_.push_back({dividend - LinearExpr::variable(q).scaled(k) - LinearExpr::variable(r), true});
        sideConstraints_.push_back({LinearExpr::variable(r).scaled(-1), false});
        sideConstraints_.push_back({LinearExpr::variable(r) - LinearExpr::number(magnitude - 1), false});
        unsigned result = e.decl().decl_kind() == Z3_OP_IDIV ? q : r;
        abstractions_.emplace(e.id(), result);
        return LinearExpr::variable(result);
      }
      case Z3_OP_TO_INT:
      case Z3_OP_TO_REAL:
        return term(e.arg(0));
      default:
        return abstraction(e);
    }
  }

  // The constant bounds that `constraints` give e = s + c0 (s its terms, c0 its constant) directly: a constraint
  // -s + k <= 0 says s >= k, so e >= k + c0; s - k <= 0 says e <= k + c0; either as an equality says both. Throws
  // ArithmeticOverflow where a bound does not fit.
  static std::pair<std::optional<Integer>, std::optional<Integer>> boundsOf(const LinearExpr& e,
                                                                           const std::vector<Constraint>& constraints) {
    std::optional<Integer> lower, upper;
    const LinearExpr negated = e.scaled(-1);
    auto atLeast = [&](Integer bound) {
      if (!lower || *lower < bound) lower = bound;
    };
    auto atMost = [&](Integer bound) {
      if (!upper || *upper > bound) upper = bound;
    };
    for (const Constraint& c : constraints) {
      if (c.expr.terms == negated.terms) {
        const Integer bound = checkedAdd(c.expr.constant, e.constant);
        atLeast(bound);
        if (c.equality) atMost(bound);
      } else if (c.expr.terms == e.terms) {
        const Integer bound = checkedAdd(checkedMul(c.expr.constant, -1), e.constant);
        atMost(bound);
        if (c.equality) atLeast(bound);
      }
    }
    return {lower, upper};
  }

  // What the guard's bounds on its factors say about a product's temporary t = a * b: for a >= l and b >= m,
  // (a - l)(b - m) >= 0, so t >= m*a + l*b - l*m; and likewise for the other pairs of bounds (McCormick's
  // envelopes, exact over the integers too). A square is at least 0 and at least its factor and its negation.
  void boundProducts(std::vector<Constraint>& constraints) const {
    for (const Product& p : products_) {
      const LinearExpr t = LinearExpr::variable(p.temporary);
      std::vector<Constraint> added;
      try {
        if (p.a == p.b) {
          added.push_back({t.scaled(-1), false});
          added.push_back({p.a - t, false});
          added.push_back({p.a.scaled(-1) - t, false});
        }
        auto [aLow, aHigh] = boundsOf(p.a, constraints);
        auto [bLow, bHigh] = boundsOf(p.b, constraints);
        // t >= k*a + l*b - k*l, or t <= k*a + l*b - k*l, for the bound l of a and k of b.
        auto envelope = [&](Integer l, Integer k, bool below) {
          LinearExpr plane = p.a.scaled(k) + p.b.scaled(l) - LinearExpr::number(checkedMul(k, l));
          added.push_back({below ? plane - t : t - plane, false});
        };
        if (aLow && bLow) envelope(*aLow, *bLow, true);
        if (aHigh && bHigh) envelope(*aHigh, *bHigh, true);
        if (aLow && bHigh) envelope(*aLow, *bHigh, false);
        if (aHigh && bLow) envelope(*aHigh, *bLow, false);
      } catch (const ArithmeticOverflow&) {
        continue;  // no bound: only a weaker guard
      }
      for (Constraint& c : added)
        if (std::find(constraints.begin(), constraints.end(), c) == constraints.end()) constraints.push_back(std::move(c));
    }
  }

  std::optional<Constraint> constraint(const Literal& literal) {
    try {
      LinearExpr difference = exactTerm(literal.lhs) - exactTerm(literal.rhs);
      switch (literal.kind) {
        case Literal::Le:
          return Constraint{difference, false};
        case Literal::Lt:
          return Constraint{difference + LinearExpr::number(1), false};
        case Literal::Eq:
          return Constraint{difference, true};
      }
    } catch (const ArithmeticOverflow&) {
    }
    return std::nullopt;  // dropping a literal only weakens the guard
  }

  static Dnf truth() { return Dnf{Conjunction{}}; }

  Dnf conjunction(const std::vector<Dnf>& parts) {
    Dnf result = truth();
    for (const Dnf& part : parts) {
      if (part.empty()) return {};
      if (result.size() * part.size() > limits_.maxDisjuncts) continue;  // weaken: drop this conjunct
      Dnf product;
      for (const Conjunction& a : result)
        for (const Conjunction& b : part) {
          Conjunction c = a;
          c.insert(c.end(), b.begin(), b.end());
          product.push_back(std::move(c));
        }
      result = std::move(product);
    }
    return result;
  }

  Dnf disjunction(const std::vector<Dnf>& parts) {
    Dnf result;
    for (const Dnf& part : parts) {
      for (const Conjunction& c : part) {
        if (c.empty()) return truth();
        result.push_back(c);
      }
      if (result.size() > limits_.maxDisjuncts) return truth();
    }
    return result;
  }

  // The DNF of `e` (positive) or of its negation.
  Dnf dnf(const smt::Term& e, bool positive) {
    if (e.is_true()) return positive ? truth() : Dnf{};
    if (e.is_false()) return positive ? Dnf{} : truth();
    if (!e.is_app()) return truth();
    auto children = [&](bool polarity) {
      std::vector<Dnf> parts;
      for (unsigned k = 0; k < e.num_args(); ++k) parts.push_back(dnf(e.arg(k), polarity));
      return parts;
    };
    auto compare = [&](const smt::Term& a, const smt::Term& b, Literal::Kind kind) {
      return Dnf{Conjunction{Literal{a, b, kind}}};
    };
    switch (e.decl().decl_kind()) {
      case Z3_OP_NOT:
        return dnf(e.arg(0), !positive);
      case Z3_OP_AND:
        return positive ? conjunction(children(true)) : disjunction(children(false));
      case Z3_OP_OR:
        return positive ? disjunction(children(true)) : conjunction(children(false));
      case Z3_OP_IMPLIES: {
        std::vector<Dnf> parts{dnf(e.arg(0), !positive), dnf(e.arg(1), positive)};
        return positive ? disjunction(parts) : conjunction(parts);
      }
      case Z3_OP_ITE: {
        if (!e.arg(1).is_bool()) return truth();
        Dnf yes = conjunction({dnf(e.arg(0), true), dnf(e.arg(1), positive)});
        Dnf no = conjunction({dnf(e.arg(0), false), dnf(e.arg(2), positive)});
        return disjunction({yes, no});
      }
      case Z3_OP_LE:
        return positive ? compare(e.arg(0), e.arg(1), Literal::Le) : compare(e.arg(1), e.arg(0), Literal::Lt);
      case Z3_OP_GE:
        return positive ? compare(e.arg(1), e.arg(0), Literal::Le) : compare(e.arg(0), e.arg(1), Literal::Lt);
      case Z3_OP_LT:
        return positive ? compare(e.arg(0), e.arg(1), Literal::Lt) : compare(e.arg(1), e.arg(0), Literal::Le);
      case Z3_OP_GT:
        return positive ? compare(e.arg(1), e.arg(0), Literal::Lt) : compare(e.arg(0), e.arg(1), Literal::Le);
      case Z3_OP_EQ:
        if (!e.arg(0).is_int()) return truth();
        if (positive) return compare(e.arg(0), e.arg(1), Literal::Eq);
        return disjunction({compare(e.arg(0), e.arg(1), Literal::Lt), compare(e.arg(1), e.arg(0), Literal::Lt)});
      case Z3_OP_DISTINCT: {
        if (e.num_args() != 2 || !e.arg(0).is_int()) return truth();
        if (!positive) return compare(e.arg(0), e.arg(1), Literal::Eq);
        return disjunction({compare(e.arg(0), e.arg(1), Literal::Lt), compare(e.arg(1), e.arg(0), Literal::Lt)});
      }
      default:
        return truth();  // anything else (Boolean variables, ...) is dropped: a weaker guard
    }
  }

  const Its& its_;
  LinearizeLimits limits_;
  std::unordered_map<unsigned, unsigned> variableIndex_;
  std::unordered_map<unsigned, unsigned> temporaries_;
  std::unordered_map<unsigned, unsigned> abstractions_;
  // The products of two linear factors that a temporary stands for.
  struct Product {
    unsigned temporary;
    LinearExpr a;
    LinearExpr b;
  };
  std::vector<Product> products_;
  std::vector<Constraint> sideConstraints_;
  unsigned next_ = 0;
};

}  // namespace

LinearIts linearize(const Its& its, const LinearizeLimits& limits) {
  LinearIts result;
  result.locations = its.locations;
  for (const smt::Term& v : its.variables) result.variables.push_back(v.decl().name().str());
  result.start = its.start;
  result.everyLocationStarts = its.everyLocationStarts;
  result.cutPoints = its.cutPoints;
  Translator translator(its, limits);
  for (const Transition& t : its.transitions) {
    if (limits.deadline.expired()) throw OutOfTime();
    for (LinearTransition& lt : translator.translate(t)) result.transitions.push_back(std::move(lt));
  }
  return result;
}

smt::Term toZ3(const LinearExpr& e, z3::context& context, const std::vector<smt::Term>& variables,
               const std::vector<smt::Term>& temporaries) {
  auto constant = [&](Integer v) { return numeral(context, v); };
  z3::expr_vector summands(context);
  for (const auto& [v, c] : e.terms) {
    const smt::Term& x = v < variables.size() ? variables[v] : temporaries.at(v - variables.size());
    summands.push_back(c == 1 ? x : smt::Term(constant(c) * x));
  }
  if (e.constant != 0 || summands.empty()) summands.push_back(constant(e.constant));
  return summands.size() == 1 ? summands[0] : z3::sum(summands);
}

smt::Term toZ3(const Constraint& c, z3::context& context, const std::vector<smt::Term>& variables,
               const std::vector<smt::Term>& temporaries) {
  smt::Term e = toZ3(c.expr, context, variables, temporaries);
  return c.equality ? e == 0 : e <= 0;
}

std::string toString(const std::vector<Constraint>& constraints, const std::vector<std::string>& names) {
  std::vector<std::string> parts;
  for (const Constraint& c : constraints) parts.push_back(toString(c.expr, names) + (c.equality ? " == 0" : " <= 0"));
  return cConjunction(parts);
}

std::string toString(const LinearTransition& t, const LinearIts& its) {
  std::string text = its.locations.at(t.from) + " -> " + its.locations.at(t.to) + ":";
  if (!t.guard.empty()) text += " " + toString(t.guard, its.variables);
  text += " ;";
  bool first = true;
  for (size_t v = 0; v < t.update.size(); ++v) {
    if (t.update[v] == LinearExpr::variable(static_cast<unsigned>(v))) continue;
    text += (first ? " " : ", ") + its.variables[v] + "' = " + toString(t.update[v], its.variables);
    first = false;
  }
  return text;
}

std::string toString(const LinearExpr& e, const std::vector<std::string>& names) {
  std::vector<SignedTerm> terms;
  for (const auto& [v, c] : e.terms) {
    const std::string name = v < names.size() ? names[v] : numbered("t", v - names.size());
    const Integer magnitude = c < 0 ? -c : c;
    terms.push_back(SignedTerm{c < 0, magnitude != 1 ? toString(magnitude) + "*" + name : name});
  }
  if (e.constant != 0) terms.push_back(SignedTerm{e.constant < 0, toString(e.constant < 0 ? -e.constant : e.constant)});
  return cSum(terms);
}

}  // namespace atropos::its
