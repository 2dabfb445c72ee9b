#include "its/intervals.h"

#include <algorithm>
#include <deque>
#include <iterator>
#include <set>

namespace atropos::its {

namespace {

using Bound = std::optional<Integer>;
using Box = std::vector<Interval>;  // the system's variables, then a transition's temporaries

// Joins before a location's intervals are widened, and the cap on the steps of the fixpoint iteration (beyond it the
// iteration stops without invariants).
constexpr unsigned kJoinsBeforeWidening = 3;
constexpr size_t kMaxSteps = 20000;
constexpr unsigned kNarrowingRounds = 2;
constexpr unsigned kPropagationRounds = 4;

// Products and sums that leave 128 bits are unbounded: a weaker bound, never a wrong one.
Bound times(const Bound& b, Integer factor) {
  if (!b) return std::nullopt;
  Integer r;
  if (__builtin_mul_overflow(*b, factor, &r)) return std::nullopt;
  return r;
}

Bound plus(const Bound& a, const Bound& b) {
  if (!a || !b) return std::nullopt;
  Integer r;
  if (__builtin_add_overflow(*a, *b, &r)) return std::nullopt;
  return r;
}

Integer floorDiv(Integer a, Integer b) {
  Integer q = a / b;
  if (a % b != 0 && ((a < 0) != (b < 0))) --q;
  return q;
}

Integer ceilDiv(Integer a, Integer b) {
  Integer q = a / b;
  if (a % b != 0 && ((a < 0) == (b < 0))) ++q;
  return q;
}

Interval scaled(const Interval& x, Integer factor) {
  if (factor == 0) return {Integer{0}, Integer{0}};
  if (factor > 0) return {times(x.low, factor), times(x.high, factor)};
  return {times(x.high, factor), times(x.low, factor)};
}

// The range of e over the box, leaving out the term of variable `skip` (none: every term).
Interval evaluate(const LinearExpr& e, const Box& box, std::optional<unsigned> skip = std::nullopt) {
  Interval sum{e.constant, e.constant};
  for (const auto& [v, c] : e.terms) {
    if (skip && v == *skip) continue;
    const Interval term = scaled(box[v], c);
    sum = {plus(sum.low, term.low), plus(sum.high, term.high)};
  }
  return sum;
}

bool isEmpty(const Interval& x) { return x.low && x.high && *x.low > *x.high; }

// Tightens the box by the guard's constraints; false when no point of it satisfies them.
bool propagate(const std::vector<Constraint>& guard, Box& box) {
  for (unsigned round = 0; round < kPropagationRounds; ++round) {
    bool changed = false;
    for (const Constraint& c : guard) {
      const Interval whole = evaluate(c.expr, box);
      if (whole.low && *whole.low > 0) return false;
      if (c.equality && whole.high && *whole.high < 0) return false;
      for (const auto& [v, a] : c.expr.terms) {
        // a·v + rest <= 0 (and >= 0 for an equation).
        const Interval rest = evaluate(c.expr, box, v);
        Interval& x = box[v];
        auto tighten = [&](Bound& side, Integer candidate, bool upper) {
          if (!side || (upper ? candidate < *side : candidate > *side)) {
            side = candidate;
            changed = true;
          }
        };
        if (const Bound limit = times(rest.low, -1)) {  // a·v <= -rest.low
          if (a > 0) tighten(x.high, floorDiv(*limit, a), true);
          else tighten(x.low, ceilDiv(*limit, a), false);
        }
        if (const Bound limit = times(rest.high, -1); c.equality && limit) {  // a·v >= -rest.high
          if (a > 0) tighten(x.low, ceilDiv(*limit, a), false);
          else tighten(x.high, floorDiv(*limit, a), true);
        }
        if (isEmpty(x)) return false;
      }
    }
    if (!changed) break;
  }
  return true;
}

// The intervals after `t` from `before`; none when the guard rules out every state of `before`.
std::optional<std::vector<Interval>> post(const LinearTransition& t, const std::vector<Interval>& before) {
  Box box = before;
  box.resize(before.size() + t.temporaries);
  if (!propagate(t.guard, box)) return std::nullopt;
  std::vector<Interval> after;
  for (const LinearExpr& u : t.update) after.push_back(evaluate(u, box));
  return after;
}

Bound lower(const Bound& a, const Bound& b) { return a && b ? Bound(std::min(*a, *b)) : std::nullopt; }
Bound higher(const Bound& a, const Bound& b) { return a && b ? Bound(std::max(*a, *b)) : std::nullopt; }

std::vector<Interval> hull(const std::vector<Interval>& a, const std::vector<Interval>& b) {
  std::vector<Interval> out(a.size());
  for (size_t v = 0; v < a.size(); ++v) out[v] = {lower(a[v].low, b[v].low), higher(a[v].high, b[v].high)};
  return out;
}

// The bounds the guards put on single variables (x <= 99, x >= 101), where a widened bound stops first: a counter
// that a guard stops keeps that bound (Halbwachs's widening up to thresholds).
std::vector<Integer> thresholdsOf(const LinearIts& its) {
  std::set<Integer> found;
  for (const LinearTransition& t : its.transitions)
    for (const Constraint& c : t.guard) {
      if (c.expr.terms.size() != 1 || c.expr.terms[0].first >= its.variables.size()) continue;
      const Integer a = c.expr.terms[0].second;
      // a·x + constant <= 0 (or == 0)
      const Bound limit = times(c.expr.constant, -1);
      if (!limit) continue;
      found.insert(floorDiv(*limit, a));
      found.insert(ceilDiv(*limit, a));
    }
  return {found.begin(), found.end()};
}

// `grown` with every bound that moved since `old` moved on to the next threshold beyond it, or dropped.
std::vector<Interval> widen(const std::vector<Interval>& old, const std::vector<Interval>& grown,
                            const std::vector<Integer>& thresholds) {
  std::vector<Interval> out = grown;
  for (size_t v = 0; v < old.size(); ++v) {
    if (out[v].low != old[v].low) {
      auto above = out[v].low ? std::upper_bound(thresholds.begin(), thresholds.end(), *out[v].low) : thresholds.begin();
      out[v].low = out[v].low && above != thresholds.begin() ? Bound(*std::prev(above)) : std::nullopt;
    }
    if (out[v].high != old[v].high) {
      auto atLeast = out[v].high ? std::lower_bound(thresholds.begin(), thresholds.end(), *out[v].high) : thresholds.end();
      out[v].high = out[v].high && atLeast != thresholds.end() ? Bound(*atLeast) : std::nullopt;
    }
  }
  return out;
}

bool same(const std::vector<Interval>& a, const std::vector<Interval>& b) {
  for (size_t v = 0; v < a.size(); ++v)
    if (a[v].low != b[v].low || a[v].high != b[v].high) return false;
  return true;
}

using Values = std::vector<std::optional<std::vector<Interval>>>;

// The heads of the loops a depth-first search from the start finds (the targets of its back edges): widening there
// alone cuts every cycle, and the locations after a head keep what the head's bounds give them.
std::vector<bool> loopHeads(const LinearIts& its, const std::vector<std::vector<size_t>>& outgoing) {
  enum class Mark { Unseen, OnStack, Done };
  std::vector<Mark> mark(its.locations.size(), Mark::Unseen);
  std::vector<bool> heads(its.locations.size(), false);
  std::vector<std::pair<LocationId, size_t>> stack{{its.start, 0}};
  mark[its.start] = Mark::OnStack;
  while (!stack.empty()) {
    auto& [at, next] = stack.back();
    if (next == outgoing[at].size()) {
      mark[at] = Mark::Done;
      stack.pop_back();
      continue;
    }
    const LocationId to = its.transitions[outgoing[at][next++]].to;
    if (mark[to] == Mark::OnStack) heads[to] = true;
    if (mark[to] == Mark::Unseen) {
      mark[to] = Mark::OnStack;
      stack.emplace_back(to, 0);
    }
  }
  return heads;
}

// One step of the decreasing iteration: what the start and the transitions give from `values`.
Values image(const LinearIts& its, const Values& values) {
  Values next(its.locations.size());
  next[its.start] = std::vector<Interval>(its.variables.size());
  for (const LinearTransition& t : its.transitions) {
    if (!values[t.from]) continue;
    std::optional<std::vector<Interval>> after = post(t, *values[t.from]);
    if (!after) continue;
    next[t.to] = next[t.to] ? hull(*next[t.to], *after) : *after;
  }
  return next;
}

}  // namespace

std::vector<std::optional<std::vector<Interval>>> intervalInvariants(const LinearIts& its, const Deadline& deadline) {
  if (its.everyLocationStarts || its.locations.empty()) return {};
  std::vector<std::vector<size_t>> outgoing(its.locations.size());
  for (size_t i = 0; i < its.transitions.size(); ++i) outgoing[its.transitions[i].from].push_back(i);
  Values values(its.locations.size());
  std::vector<unsigned> joins(its.locations.size(), 0);
  values[its.start] = std::vector<Interval>(its.variables.size());
  std::deque<LocationId> work{its.start};
  const std::vector<Integer> thresholds = thresholdsOf(its);
  const std::vector<bool> heads = loopHeads(its, outgoing);
  size_t steps = 0;
  while (!work.empty()) {
    if (++steps > kMaxSteps || deadline.expired()) return {};
    const LocationId l = work.front();
    work.pop_front();
    for (size_t i : outgoing[l]) {
      const LinearTransition& t = its.transitions[i];
      std::optional<std::vector<Interval>> after = post(t, *values[l]);
      if (!after) continue;
      std::optional<std::vector<Interval>>& target = values[t.to];
      if (target) {
        std::vector<Interval> joined = hull(*target, *after);
        if (same(joined, *target)) continue;
        if (heads[t.to] && ++joins[t.to] >= kJoinsBeforeWidening) joined = widen(*target, joined, thresholds);
        target = std::move(joined);
      } else {
        target = std::move(*after);
      }
      if (std::find(work.begin(), work.end(), t.to) == work.end()) work.push_back(t.to);
    }
  }
  // The values are closed under the transitions now; each image of them is too, and no larger.
  for (unsigned round = 0; round < kNarrowingRounds && !deadline.expired(); ++round) values = image(its, values);
  return values;
}

size_t strengthenWithIntervals(LinearIts& its, const Deadline& deadline) {
  const std::vector<std::optional<std::vector<Interval>>> invariants = intervalInvariants(its, deadline);
  if (invariants.empty()) return 0;
  size_t changes = 0;
  auto bound = [&](std::vector<Constraint>& guard, const LinearExpr& e, const Interval& range) {
    try {
      if (range.low) guard.push_back({LinearExpr::number(*range.low) - e, false});
      if (range.high) guard.push_back({e - LinearExpr::number(*range.high), false});
      changes += range.low.has_value() + range.high.has_value();
    } catch (const ArithmeticOverflow&) {
      // A bound the coefficients cannot hold with e: the guard goes without it.
    }
  };
  std::vector<LinearTransition> kept;
  for (LinearTransition& t : its.transitions) {
    if (!invariants[t.from] || !invariants[t.to]) {  // no run from the start takes it
      ++changes;
      continue;
    }
    for (unsigned v = 0; v < its.variables.size(); ++v) {
      bound(t.guard, LinearExpr::variable(v), (*invariants[t.from])[v]);
      bound(t.guard, t.update[v], (*invariants[t.to])[v]);
    }
    kept.push_back(std::move(t));
  }
  its.transitions = std::move(kept);
  return changes;
}

}  // namespace atropos::its
