// The expression type every component keeps Z3 terms in.
//
// z3++ 4.8 (Debian 12's libz3) leaks in the move assignment of z3::expr: the term it overwrites is never released.
// Everything below a leaked term then stays until the context is deleted, and Z3 frees what is left there in one
// pass over all terms per level of depth: quadratic in the depth of the terms, i.e. seconds, even minutes, for the
// deep terms of a bounded unwinding or a long symbolic execution. A Term is a z3::expr whose assignments release
// what they overwrite. Declare every variable, member and container element that holds a term as a Term (an
// `auto` variable that is assigned again would be a z3::expr).
#pragma once

#include <z3++.h>

#include <functional>
#include <set>
#include <utility>
#include <vector>

namespace atropos::smt {

class Term : public z3::expr {
 public:
  Term(const z3::expr& e) : z3::expr(e) {}                 // NOLINT: implicit, as z3's functions return z3::expr
  Term(z3::expr&& e) noexcept : z3::expr(std::move(e)) {}  // NOLINT: z3++'s move construction is right
  Term(const Term&) = default;
  Term(Term&&) noexcept = default;
  ~Term() = default;

  // Copy assignment takes the new term and releases the old one; a move would leak the old one.
  Term& operator=(const z3::expr& e) {
    z3::expr::operator=(e);
    return *this;
  }
  Term& operator=(const Term& e) {
    z3::expr::operator=(static_cast<const z3::expr&>(e));
    return *this;
  }
  Term& operator=(Term&& e) noexcept {
    z3::expr::operator=(static_cast<const z3::expr&>(e));
    return *this;
  }
};

// An uninterpreted constant: a variable (not a numeral, not true or false).
inline bool isSymbol(const z3::expr& e) { return e.is_const() && e.decl().decl_kind() == Z3_OP_UNINTERPRETED; }

// Appends the symbols of `e` not yet in `seen` to `out`, in order of first occurrence.
inline void collectSymbols(const z3::expr& e, std::set<unsigned>& seen, std::vector<Term>& out) {
  if (isSymbol(e)) {
    if (seen.insert(e.id()).second) out.push_back(e);
    return;
  }
  if (e.is_app())
    for (unsigned k = 0; k < e.num_args(); ++k) collectSymbols(e.arg(k), seen, out);
}

// Appends the conjuncts of `e` (nested conjunctions flattened) to `out`.
inline void conjunctsOf(const z3::expr& e, std::vector<Term>& out) {
  if (e.is_and()) {
    for (unsigned k = 0; k < e.num_args(); ++k) conjunctsOf(e.arg(k), out);
    return;
  }
  out.push_back(e);
}

// Whether `symbol` (by id) occurs in `e`.
inline bool mentions(const z3::expr& e, unsigned symbol) {
  std::set<unsigned> visited;
  std::vector<z3::expr> pending{e};
  while (!pending.empty()) {
    z3::expr next = pending.back();
    pending.pop_back();
    if (next.id() == symbol) return true;
    if (!next.is_app() || !visited.insert(next.id()).second) continue;
    for (unsigned k = 0; k < next.num_args(); ++k) pending.push_back(next.arg(k));
  }
  return false;
}

// `terms` with each integer symbol that an equality among `constraint`'s conjuncts defines (s == e, s not `kept`
// and not in e; the first definition of s counts) replaced by its definition, as often as chains of definitions
// need. Under `constraint` the results have the values of `terms`: the values a path computes appear over the
// symbols it starts from (the symbolic execution names every intermediate value).
inline z3::expr_vector withDefinitionsInlined(z3::expr_vector terms, const z3::expr& constraint,
                                             const std::function<bool(const z3::expr&)>& kept) {
  std::vector<Term> conjuncts;
  conjunctsOf(constraint, conjuncts);
  z3::expr_vector defined(constraint.ctx()), definitions(constraint.ctx());
  std::set<unsigned> seen;
  for (const Term& c : conjuncts) {
    if (!c.is_app() || c.decl().decl_kind() != Z3_OP_EQ || c.num_args() != 2) continue;
    for (unsigned side = 0; side < 2; ++side) {
      const z3::expr t = c.arg(side), e = c.arg(1 - side);
      if (isSymbol(t) && t.is_int() && !kept(t) && !mentions(e, t.id()) && seen.insert(t.id()).second) {
        defined.push_back(t);
        definitions.push_back(e);
        break;
      }
    }
  }
  for (unsigned round = 0; round < defined.size(); ++round) {
    z3::expr_vector next(constraint.ctx());
    bool changed = false;
    for (unsigned k = 0; k < terms.size(); ++k) {
      z3::expr substituted = terms[k].substitute(defined, definitions);
      changed = changed || substituted.id() != terms[k].id();
      next.push_back(substituted);
    }
    terms = next;
    if (!changed) break;
  }
  return terms;
}

}  // namespace atropos::smt
