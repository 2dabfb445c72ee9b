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

}  // namespace atropos::smt
