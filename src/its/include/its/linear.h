// The linear over-approximation of an ITS, on which the termination techniques work.
//
// Every transition becomes one or more *linear transitions*: a conjunction of linear constraints over the
// variables and the transition's temporaries, and a linear update. The translation only ever adds behaviours:
// a disjunctive guard becomes one transition per disjunct (up to a limit, beyond which the disjunction is dropped),
// a non-linear term becomes a fresh temporary (x*y, x/y; x/k and x%k by a constant k stay exact through a fresh
// quotient), an update that is not linear becomes an arbitrary value. So a termination proof of the linear system
// is one of the ITS. Non-termination must be checked on the original (its::Its) — or, for C programs, on the program.
//
// Coefficients are exact 128-bit integers; a computation that would leave that range throws, and callers treat the
// transition as not linear.
#pragma once

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "common/deadline.h"
#include "its/its.h"
#include "smt/term.h"

namespace atropos::its {

using Integer = __int128;

struct ArithmeticOverflow : std::runtime_error {
  ArithmeticOverflow() : std::runtime_error("coefficient beyond 128 bits") {}
};
Integer checkedAdd(Integer a, Integer b);
Integer checkedMul(Integer a, Integer b);
std::string toString(Integer v);
Integer gcd(Integer a, Integer b);  // non-negative
// A decimal numeral (with an optional minus sign) that fits in 128 bits.
bool parseInteger(const std::string& text, Integer& value);

// Σ coefficient·variable + constant. Variables are numbered: 0..n-1 are the system's, n.. a transition's
// temporaries. Terms are sorted by variable and have non-zero coefficients.
struct LinearExpr {
  std::vector<std::pair<unsigned, Integer>> terms;
  Integer constant = 0;

  static LinearExpr variable(unsigned v) { return LinearExpr{{{v, 1}}, 0}; }
  static LinearExpr number(Integer c) { return LinearExpr{{}, c}; }
  Integer coefficient(unsigned v) const;
  bool isConstant() const { return terms.empty(); }
  LinearExpr operator+(const LinearExpr& other) const;
  LinearExpr operator-(const LinearExpr& other) const;
  LinearExpr scaled(Integer factor) const;
  // Replaces every variable v by replacement(v).
  template <typename F>
  LinearExpr substituted(F replacement) const {
    LinearExpr result = number(constant);
    for (const auto& [v, c] : terms) result = result + replacement(v).scaled(c);
    return result;
  }
  bool operator==(const LinearExpr& other) const = default;
};

// expr <= 0, or expr == 0.
struct Constraint {
  LinearExpr expr;
  bool equality = false;
  bool operator==(const Constraint& other) const = default;
};

struct LinearTransition {
  LocationId from = 0;
  LocationId to = 0;
  std::vector<Constraint> guard;
  std::vector<LinearExpr> update;  // per system variable
  unsigned temporaries = 0;        // numbered from the system's variable count
  std::string origin;
};

struct LinearIts {
  std::vector<std::string> locations;
  std::vector<std::string> variables;  // names
  LocationId start = 0;
  bool everyLocationStarts = false;
  std::vector<bool> cutPoints;  // as in Its
  std::vector<LinearTransition> transitions;
};

struct LinearizeLimits {
  size_t maxDisjuncts = 64;  // per transition; beyond it the disjunctive parts of the guard are dropped
  Deadline deadline = Deadline::never();
};

// Thrown by linearize when the deadline passes: a system with some transitions left out would have fewer runs.
struct OutOfTime : std::runtime_error {
  OutOfTime() : std::runtime_error("the time ran out") {}
};

LinearIts linearize(const Its& its, const LinearizeLimits& limits = {});

// Integer terms for the solver: `variables` are the system's variables and `temporaries` the transition's.
smt::Term toZ3(const LinearExpr& e, z3::context& context, const std::vector<smt::Term>& variables,
               const std::vector<smt::Term>& temporaries);
smt::Term toZ3(const Constraint& c, z3::context& context, const std::vector<smt::Term>& variables,
               const std::vector<smt::Term>& temporaries);
// Readable: 2*x - y + 3.
std::string toString(const LinearExpr& e, const std::vector<std::string>& names);
// Readable: "a -> b: x > 0 && ... ; x' = x - 1, ..." (unchanged variables left out).
std::string toString(const LinearTransition& t, const LinearIts& its);
// The constraints as a conjunction, each `e == 0` or `e <= 0`.
std::string toString(const std::vector<Constraint>& constraints, const std::vector<std::string>& names);

}  // namespace atropos::its
