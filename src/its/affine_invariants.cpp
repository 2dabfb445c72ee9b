#include "its/affine_invariants.h"

#include <algorithm>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include "houdini.h"
#include "its/nullspace.h"
#include "its/simplify.h"

namespace atropos::its {

namespace {

using Row = std::vector<int64_t>;  // (1, x) for a state x, (0, d) for a direction d: homogeneous coordinates

struct TooLarge {};

int64_t narrow(Integer v) {
  if (v > std::numeric_limits<int64_t>::max() || v < std::numeric_limits<int64_t>::min()) throw TooLarge{};
  return static_cast<int64_t>(v);
}

Integer dot(const Row& a, const Row& b) {
  Integer sum = 0;
  for (size_t k = 0; k < a.size(); ++k) sum = checkedAdd(sum, checkedMul(a[k], b[k]));
  return sum;
}

std::vector<Row> nullSpace(const std::vector<Row>& rows, size_t columns) {
  if (rows.empty()) {
    std::vector<Row> all(columns, Row(columns, 0));
    for (size_t k = 0; k < columns; ++k) all[k][k] = 1;
    return all;
  }
  std::optional<std::vector<Row>> basis = integerNullSpace(rows, columns);
  if (!basis) throw TooLarge{};
  return *basis;
}

// The images of a location's hull under t: each generator's, and t's temporaries' columns as directions.
std::vector<Row> images(const std::vector<Row>& generators, const LinearTransition& t, unsigned variables) {
  std::vector<Row> result;
  for (const Row& g : generators) {
    Row image(variables + 1, 0);
    image[0] = g[0];
    for (unsigned v = 0; v < variables; ++v) {
      Integer value = checkedMul(t.update[v].constant, g[0]);
      for (const auto& [w, c] : t.update[v].terms)
        if (w < variables) value = checkedAdd(value, checkedMul(c, g[w + 1]));
      image[v + 1] = narrow(value);
    }
    result.push_back(std::move(image));
  }
  for (unsigned k = 0; k < t.temporaries; ++k) {
    Row direction(variables + 1, 0);
    for (unsigned v = 0; v < variables; ++v) direction[v + 1] = narrow(t.update[v].coefficient(variables + k));
    if (std::any_of(direction.begin(), direction.end(), [](int64_t c) { return c != 0; }))
      result.push_back(std::move(direction));
  }
  return result;
}

// Per location, the equations (rows a with a·(1, x) = 0) of the affine hull of its reachable states; none for an
// unreached location (its hull is empty).
std::vector<std::optional<std::vector<Row>>> affineHulls(const LinearIts& its, const Deadline& deadline) {
  const unsigned n = static_cast<unsigned>(its.variables.size());
  const size_t columns = n + 1;
  std::vector<std::vector<Row>> generators(its.locations.size());
  std::vector<std::optional<std::vector<Row>>> equations(its.locations.size());
  // Temporaries that a guard's equation defines (an unconstrained post value copied into two variables) are
  // replaced by their definitions first, so that the update shows what the copies share.
  std::vector<LinearTransition> tidied;
  for (LinearTransition t : its.transitions)
    if (tidy(t, n)) tidied.push_back(std::move(t));
  generators[its.start] = nullSpace({}, columns);
  equations[its.start] = std::vector<Row>{};
  std::vector<LocationId> work{its.start};
  while (!work.empty()) {
    if (deadline.expired()) return {};
    LocationId l = work.back();
    work.pop_back();
    for (const LinearTransition& t : tidied) {
      if (t.from != l) continue;
      bool grown = false;
      for (const Row& r : images(generators[l], t, n)) {
        const std::optional<std::vector<Row>>& known = equations[t.to];
        if (known && std::all_of(known->begin(), known->end(), [&](const Row& a) { return dot(a, r) == 0; }))
          continue;
        generators[t.to].push_back(r);
        equations[t.to] = nullSpace(generators[t.to], columns);
        generators[t.to] = nullSpace(*equations[t.to], columns);
        grown = true;
      }
      if (grown && std::find(work.begin(), work.end(), t.to) == work.end()) work.push_back(t.to);
    }
  }
  return equations;
}

// The solver has the last word: an equality goes when a transition into its location, from a state with its
// source's equalities, may end without it (from the start, where nothing is known, on). False when the deadline
// passed first.
bool keepInductive(const LinearIts& its, std::vector<std::vector<Constraint>>& facts, const std::vector<bool>& reached,
                   z3::context& context, const smt::Limits& limits) {
  const unsigned n = static_cast<unsigned>(its.variables.size());
  for (bool changed = true; changed;) {
    changed = false;
    for (const LinearTransition& t : its.transitions) {
      if (!reached[t.from] || facts[t.to].empty()) continue;
      if (limits.deadline.expired()) return false;
      std::vector<Constraint> kept =
          holdingAfter(t, n, facts[t.from], facts[t.to], context, limits);
      if (kept.size() != facts[t.to].size()) {
        facts[t.to] = std::move(kept);
        changed = true;
      }
    }
  }
  return !limits.deadline.expired();
}

}  // namespace

size_t strengthenWithAffineInvariants(LinearIts& its, z3::context& context, const smt::Limits& limits) {
  if (its.everyLocationStarts) return 0;
  const unsigned n = static_cast<unsigned>(its.variables.size());
  std::vector<std::vector<Constraint>> facts(its.locations.size());
  std::vector<bool> reached(its.locations.size(), false);
  try {
    std::vector<std::optional<std::vector<Row>>> hulls = affineHulls(its, limits.deadline);
    if (hulls.empty()) return 0;
    for (LocationId l = 0; l < its.locations.size(); ++l) {
      reached[l] = hulls[l].has_value();
      if (!hulls[l] || l == its.start) continue;
      for (const Row& a : *hulls[l]) {
        Constraint c{LinearExpr::number(a[0]), true};
        for (unsigned v = 0; v < n; ++v)
          if (a[v + 1] != 0) c.expr.terms.emplace_back(v, a[v + 1]);
        if (!c.expr.isConstant()) facts[l].push_back(std::move(c));
      }
    }
  } catch (const TooLarge&) {
    return 0;
  } catch (const ArithmeticOverflow&) {
    return 0;
  }
  try {
    if (!keepInductive(its, facts, reached, context, limits)) return 0;
  } catch (const ArithmeticOverflow&) {
    return 0;
  }
  return addToGuards(its, facts);
}

}  // namespace atropos::its
