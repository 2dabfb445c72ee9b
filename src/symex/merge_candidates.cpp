#include "merge_candidates.h"

#include <algorithm>
#include <map>
#include <optional>

namespace atropos::symex {

bool smallNumeral(int64_t v) { return v > -1000000 && v < 1000000; }

void collectNumerals(const smt::Term& e, std::set<int64_t>& out) {
  if (e.is_numeral()) {
    int64_t v;
    if (e.is_numeral_i64(v) && smallNumeral(v)) out.insert(v);
    return;
  }
  if (e.is_app())
    for (unsigned k = 0; k < e.num_args(); ++k) collectNumerals(e.arg(k), out);
}

namespace {

// A fact that bounds a term by a numeral (t <= c, t < c, c >= t, ...): the numeral as written, and the integer
// bound the fact means (t < c is t <= c - 1), where that fits.
struct ConstantBound {
  smt::Term term;
  bool upper;
  int64_t constant;
  std::optional<int64_t> tightest;
};

// `value` one step inside a bound: down for an upper one, up for a lower one; nothing where that overflows.
std::optional<int64_t> inward(std::optional<int64_t> value, bool upper) {
  int64_t moved;
  if (!value || __builtin_add_overflow(*value, upper ? -1 : 1, &moved)) return std::nullopt;
  return moved;
}

std::optional<ConstantBound> constantBound(const smt::Term& fact) {
  if (fact.is_not()) {  // Z3's simplifier writes t < c as !(c <= t)
    std::optional<ConstantBound> bound = constantBound(fact.arg(0));
    if (!bound) return bound;
    // !(t <= c) is t >= c + 1, !(t >= c) is t <= c - 1
    bound->upper = !bound->upper;
    bound->tightest = inward(bound->tightest, bound->upper);
    return bound;
  }
  if (!fact.is_app() || fact.num_args() != 2) return std::nullopt;
  bool upper;
  const Z3_decl_kind kind = fact.decl().decl_kind();
  switch (kind) {
    case Z3_OP_LE:
    case Z3_OP_LT:
      upper = true;
      break;
    case Z3_OP_GE:
    case Z3_OP_GT:
      upper = false;
      break;
    default:
      return std::nullopt;
  }
  const bool leftNumeral = fact.arg(0).is_numeral();
  if (leftNumeral == fact.arg(1).is_numeral()) return std::nullopt;
  int64_t constant;
  if (!fact.arg(leftNumeral ? 0 : 1).is_numeral_i64(constant)) return std::nullopt;
  // c OP t is t OP' c with the direction turned.
  if (leftNumeral) upper = !upper;
  const bool strict = kind == Z3_OP_LT || kind == Z3_OP_GT;
  return ConstantBound{fact.arg(leftNumeral ? 1 : 0), upper, constant, strict ? inward(constant, upper) : constant};
}

}  // namespace

void dropImpliedBounds(std::vector<smt::Term>& facts, const std::set<int64_t>& thresholds) {
  // The tightest bound per term and direction, and the first fact that states it.
  std::map<std::pair<unsigned, bool>, std::pair<int64_t, size_t>> tightest;
  std::vector<std::optional<ConstantBound>> bounds(facts.size());
  for (size_t k = 0; k < facts.size(); ++k) {
    bounds[k] = constantBound(facts[k]);
    if (!bounds[k] || !bounds[k]->tightest) continue;
    const ConstantBound& b = *bounds[k];
    auto [it, fresh] = tightest.try_emplace({b.term.id(), b.upper}, *b.tightest, k);
    const bool tighter = b.upper ? *b.tightest < it->second.first : *b.tightest > it->second.first;
    if (!fresh && tighter) it->second = {*b.tightest, k};
  }
  std::vector<smt::Term> kept;
  for (size_t k = 0; k < facts.size(); ++k) {
    const bool implied = bounds[k] && bounds[k]->tightest && !thresholds.count(bounds[k]->constant) &&
                         tightest.at({bounds[k]->term.id(), bounds[k]->upper}).second != k;
    if (!implied) kept.push_back(facts[k]);
  }
  facts = std::move(kept);
}

void dropClimbingBounds(std::vector<smt::Term>& kept, const std::vector<smt::Term>& failed,
                        const std::set<int64_t>& thresholds) {
  std::vector<ConstantBound> climbing;
  for (const smt::Term& f : failed)
    if (std::optional<ConstantBound> bound = constantBound(f)) climbing.push_back(std::move(*bound));
  if (climbing.empty()) return;
  std::erase_if(kept, [&](const smt::Term& f) {
    std::optional<ConstantBound> bound = constantBound(f);
    if (!bound || thresholds.count(bound->constant)) return false;
    return std::any_of(climbing.begin(), climbing.end(), [&](const ConstantBound& c) {
      return c.upper == bound->upper && z3::eq(c.term, bound->term);
    });
  });
}

void addQuadraticCandidates(const std::vector<std::pair<smt::Term, smt::Term>>& changed, const Instantiation& toNewer,
                            FormulaSolver& newer, z3::context& context, std::vector<smt::Term>& candidates) {
  constexpr int64_t kMaxCoefficient = 64;
  constexpr int64_t kMaxOffset = int64_t{1} << 32;
  constexpr size_t kMaxChanged = 6;
  if (changed.size() > kMaxChanged) return;
  for (const auto& [w, w0] : changed) {
    smt::Term stepOfW = toNewer.apply(w) - w0;
    int64_t d;
    if (!newer.value(stepOfW, d) || d == 0 || d < -kMaxCoefficient || d > kMaxCoefficient) continue;
    if (!newer.entails(stepOfW == context.int_val(d))) continue;
    std::optional<z3::model> second = newer.otherModel(w0);
    int64_t w01, w02;
    if (!second || !newer.value(w0, w01) || !FormulaSolver::valueIn(*second, w0, w02) || w01 == w02) continue;
    __int128 run = static_cast<__int128>(w02) - w01;
    for (const auto& [u, u0] : changed) {
      if (z3::eq(u, w)) continue;
      smt::Term stepOfU = toNewer.apply(u) - u0;
      int64_t du1, du2;
      if (!newer.value(stepOfU, du1) || !FormulaSolver::valueIn(*second, stepOfU, du2)) continue;
      __int128 rise = static_cast<__int128>(du2) - du1;
      if (rise % run != 0) continue;
      __int128 c = rise / run;
      if (c == 0 || c < -kMaxCoefficient || c > kMaxCoefficient) continue;
      __int128 e = du1 - c * w01;
      if (e < -kMaxOffset || e > kMaxOffset) continue;
      smt::Term cTerm = context.int_val(static_cast<int64_t>(c));
      smt::Term eTerm = context.int_val(static_cast<int64_t>(e));
      if (!newer.entails(stepOfU == cTerm * w0 + eTerm)) continue;
      smt::Term linear = context.int_val(static_cast<int64_t>(2 * e - c * d));
      candidates.push_back(context.int_val(2 * d) * (u - u0) == cTerm * (w * w - w0 * w0) + linear * (w - w0));
    }
  }
}

}  // namespace atropos::symex
