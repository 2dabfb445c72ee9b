#include "its/polynomial.h"

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace atropos::its {

namespace {

// A product of the system's variables: their indices, sorted, a variable repeated as often as it is a factor.
using Product = std::vector<unsigned>;

class Lifter {
 public:
  Lifter(const Its& its, const LiftLimits& limits) : its_(its), limits_(limits), sumOfMonomials_(*its.context) {
    sumOfMonomials_.set("som", true);
    for (unsigned v = 0; v < its.variables.size(); ++v) variableIndex_.emplace(its.variables[v].id(), v);
  }

  std::optional<Its> lift() {
    if (!std::any_of(its_.transitions.begin(), its_.transitions.end(), [&](const Transition& t) {
          return multiplies(t.guard) ||
                 std::any_of(t.update.begin(), t.update.end(), [&](const smt::Term& u) { return multiplies(u); });
        }) &&
        !limits_.squaresOfChangingValues)
      return std::nullopt;
    if (limits_.squaresOfChangingValues)
      for (const Transition& t : its_.transitions)
        for (unsigned v = 0; v < t.update.size() && products_.size() < limits_.maxProducts; ++v)
          if (!z3::eq(t.update[v], its_.variables[v]) && !t.update[v].is_numeral() &&
              productIndex_.emplace(Product{v, v}, products_.size()).second)
            products_.push_back(Product{v, v});
    const size_t n = its_.transitions.size();
    guards_.reserve(n);
    updates_.resize(n);
    for (size_t k = 0; k < n; ++k) {
      if (limits_.deadline.expired()) return std::nullopt;
      const Transition& t = its_.transitions[k];
      z3::expr_vector terms(*its_.context);
      terms.push_back(t.guard);
      for (const smt::Term& u : t.update) terms.push_back(u);
      terms = withDefinitionsInlined(terms);
      guards_.push_back(normal(terms[0]));
      collect(guards_.back());
      for (unsigned v = 1; v < terms.size(); ++v) {
        updates_[k].push_back(normal(terms[v]));
        collect(updates_[k].back());
      }
    }
    if (products_.empty()) return std::nullopt;
    // The products' updates; the products they use join the set (a worklist: the set grows as it is walked, so
    // every product gets its update on every transition).
    productUpdates_.resize(n);
    for (size_t p = 0; p < products_.size(); ++p)
      for (size_t k = 0; k < n; ++k) {
        if (limits_.deadline.expired()) return std::nullopt;
        smt::Term product = its_.context->int_val(1);
        size_t expandedTerms = 1;
        for (unsigned factor : products_[p]) {
          product = product * updates_[k][factor];
          expandedTerms *= std::min<size_t>(summands(updates_[k][factor]), limits_.maxExpandedTerms + 1);
          expandedTerms = std::min(expandedTerms, limits_.maxExpandedTerms + 1);
        }
        // Too large to expand: left a product of sums, which the linear over-approximation reads as unknown.
        if (expandedTerms > limits_.maxExpandedTerms) {
          productUpdates_[k].push_back(product);
          continue;
        }
        productUpdates_[k].push_back(normal(product));
        collect(productUpdates_[k].back());
      }
    return build();
  }

 private:
  smt::Term normal(const smt::Term& e) { return e.simplify(sumOfMonomials_); }

  // Whether `e` multiplies two terms that are not numerals (the only way a product of variables can arise).
  bool multiplies(const z3::expr& e) {
    if (!e.is_app() || !scanned_.insert(e.id()).second) return false;
    if (e.decl().decl_kind() == Z3_OP_MUL || e.decl().decl_kind() == Z3_OP_POWER) {
      unsigned nonNumerals = 0;
      for (unsigned k = 0; k < e.num_args(); ++k) nonNumerals += e.arg(k).is_numeral() ? 0 : 1;
      if (nonNumerals >= 2 || e.decl().decl_kind() == Z3_OP_POWER) return true;
    }
    for (unsigned k = 0; k < e.num_args(); ++k)
      if (multiplies(e.arg(k))) return true;
    return false;
  }

  static size_t summands(const z3::expr& e) {
    return e.is_app() && e.decl().decl_kind() == Z3_OP_ADD ? e.num_args() : 1;
  }

  // A transition's guard (terms[0]) and updates with each temporary that a conjunct of the guard defines (t == e,
  // e without t) replaced by its definition. In every run of the transition t and e have the same value, so the
  // result admits every run of the transition (and exactly those, unless definitions refer to each other in a
  // cycle). Products then appear over the system's variables (the symbolic execution names each intermediate value).
  z3::expr_vector withDefinitionsInlined(const z3::expr_vector& terms) const {
    return smt::withDefinitionsInlined(terms, terms[0],
                                       [&](const z3::expr& s) { return variableIndex_.count(s.id()) != 0; });
  }

  // The factors of a product of system variables (times numerals, which `coefficient` receives), if `e` is one of
  // degree 2 or more.
  std::optional<Product> productOf(const z3::expr& e, std::vector<smt::Term>* coefficient = nullptr) const {
    if (!e.is_app()) return std::nullopt;
    Product factors;
    auto addFactor = [&](const z3::expr& f) {
      if (f.is_numeral()) {
        if (coefficient) coefficient->push_back(f);
        return true;
      }
      if (auto it = variableIndex_.find(f.id()); isSymbol(f) && it != variableIndex_.end()) {
        factors.push_back(it->second);
        return true;
      }
      if (f.is_app() && f.decl().decl_kind() == Z3_OP_POWER && isSymbol(f.arg(0)) && f.arg(1).is_numeral()) {
        auto base = variableIndex_.find(f.arg(0).id());
        int exponent = 0;
        if (base == variableIndex_.end() || !f.arg(1).is_numeral_i(exponent) || exponent < 1 ||
            exponent > static_cast<int>(limits_.maxDegree))
          return false;
        factors.insert(factors.end(), static_cast<size_t>(exponent), base->second);
        return true;
      }
      return false;
    };
    const Z3_decl_kind kind = e.decl().decl_kind();
    if (kind == Z3_OP_MUL) {
      for (unsigned k = 0; k < e.num_args(); ++k)
        if (!addFactor(e.arg(k))) return std::nullopt;
    } else if (kind != Z3_OP_POWER || !addFactor(e)) {
      return std::nullopt;
    }
    if (factors.size() < 2) return std::nullopt;
    std::sort(factors.begin(), factors.end());
    return factors;
  }

  void collect(const z3::expr& e) {
    if (!e.is_app() || !visited_.insert(e.id()).second) return;
    if (std::optional<Product> product = productOf(e)) {
      if (product->size() <= limits_.maxDegree && products_.size() < limits_.maxProducts &&
          productIndex_.emplace(*product, products_.size()).second)
        products_.push_back(*product);
      return;
    }
    for (unsigned k = 0; k < e.num_args(); ++k) collect(e.arg(k));
  }

  // `e` with each product that has a variable replaced by it.
  smt::Term replaced(const smt::Term& e, std::unordered_map<unsigned, smt::Term>& done) const {
    if (!e.is_app() || e.num_args() == 0) return e;
    if (auto it = done.find(e.id()); it != done.end()) return it->second;
    std::vector<smt::Term> coefficient;
    std::optional<Product> product = productOf(e, &coefficient);
    smt::Term result = e;
    if (auto known = product ? productIndex_.find(*product) : productIndex_.end(); known != productIndex_.end()) {
      result = productVariables_[known->second];
      for (const smt::Term& c : coefficient) result = c * result;
    } else {
      z3::expr_vector arguments(*its_.context);
      for (unsigned k = 0; k < e.num_args(); ++k) arguments.push_back(replaced(e.arg(k), done));
      result = e.decl()(arguments);
    }
    done.emplace(e.id(), result);
    return result;
  }

  std::string productName(const Product& product, const std::set<std::string>& taken) const {
    std::string name;
    for (unsigned factor : product) name += (name.empty() ? "" : "*") + its_.variables[factor].decl().name().str();
    while (taken.count(name)) name += "'";
    return name;
  }

  Its build() {
    Its lifted(*its_.context);
    lifted.locations = its_.locations;
    lifted.start = its_.start;
    lifted.everyLocationStarts = its_.everyLocationStarts;
    lifted.cutPoints = its_.cutPoints;
    lifted.variables = its_.variables;
    std::set<std::string> taken;
    for (const smt::Term& v : its_.variables) taken.insert(v.decl().name().str());
    for (const Product& product : products_) {
      const std::string name = productName(product, taken);
      taken.insert(name);
      productVariables_.push_back(its_.context->int_const(name.c_str()));
      lifted.variables.push_back(productVariables_.back());
    }
    // A product in which every variable is a factor an even number of times is a square; the square of one
    // variable lies above the parabola's tangents at -1 and 1 (x*x >= 2*|x| - 1).
    smt::Term squaresNonNegative = its_.context->bool_val(true);
    for (size_t p = 0; p < products_.size(); ++p) {
      std::map<unsigned, unsigned> multiplicity;
      for (unsigned factor : products_[p]) ++multiplicity[factor];
      if (std::all_of(multiplicity.begin(), multiplicity.end(), [](const auto& m) { return m.second % 2 == 0; }))
        squaresNonNegative = squaresNonNegative && productVariables_[p] >= 0;
      if (products_[p].size() == 2 && products_[p][0] == products_[p][1]) {
        const smt::Term& x = its_.variables[products_[p][0]];
        squaresNonNegative =
            squaresNonNegative && productVariables_[p] - 2 * x + 1 >= 0 && productVariables_[p] + 2 * x + 1 >= 0;
      }
    }
    for (size_t k = 0; k < its_.transitions.size(); ++k) {
      std::unordered_map<unsigned, smt::Term> done;
      const Transition& original = its_.transitions[k];
      Transition t{original.from, original.to, replaced(guards_[k], done) && squaresNonNegative, {}, original.origin};
      for (const smt::Term& u : updates_[k]) t.update.push_back(replaced(u, done));
      for (const smt::Term& u : productUpdates_[k]) t.update.push_back(replaced(u, done));
      lifted.transitions.push_back(std::move(t));
    }
    return lifted;
  }

  const Its& its_;
  const LiftLimits& limits_;
  z3::params sumOfMonomials_;
  std::unordered_map<unsigned, unsigned> variableIndex_;
  std::vector<smt::Term> guards_;
  std::vector<std::vector<smt::Term>> updates_;
  std::vector<std::vector<smt::Term>> productUpdates_;  // per transition, per product
  std::vector<Product> products_;
  std::map<Product, size_t> productIndex_;
  std::vector<smt::Term> productVariables_;
  std::set<unsigned> visited_;
  std::set<unsigned> scanned_;  // by multiplies
};

}  // namespace

std::optional<Its> liftProducts(const Its& its, const LiftLimits& limits) { return Lifter(its, limits).lift(); }

}  // namespace atropos::its
