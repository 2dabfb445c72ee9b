#include "termination/nontermination.h"

#include <functional>
#include <set>

#include "common/text.h"
#include "smt/solver.h"
#include "smt/term.h"

namespace atropos::termination {

namespace {

class Paths {
 public:
  Paths(const its::Its& its, z3::context& context, const NonTerminationOptions& options)
      : its_(its), context_(context), options_(options), watch_(context) {
    std::set<unsigned> variables;
    for (const smt::Term& v : its.variables) variables.insert(v.id());
    for (const its::Transition& t : its.transitions) {
      std::set<unsigned> seen;
      z3::expr_vector temporaries(context);
      std::function<void(const smt::Term&)> collect = [&](const smt::Term& e) {
        if (its::isSymbol(e)) {
          if (!variables.count(e.id()) && seen.insert(e.id()).second) temporaries.push_back(e);
          return;
        }
        if (e.is_app())
          for (unsigned k = 0; k < e.num_args(); ++k) collect(e.arg(k));
      };
      collect(t.guard);
      for (const smt::Term& u : t.update) collect(u);
      temporaries_.push_back(temporaries);
    }
  }

  bool hasTemporaries(size_t transition) const { return !temporaries_[transition].empty(); }

  // Runs the transitions from `values`: adds their guards to `constraints`, returns the values after.
  std::vector<smt::Term> run(const std::vector<size_t>& transitions, std::vector<smt::Term> values,
                             z3::expr_vector& constraints) {
    for (size_t i : transitions) {
      const its::Transition& t = its_.transitions[i];
      z3::expr_vector from(context_), to(context_);
      for (size_t v = 0; v < its_.variables.size(); ++v) {
        from.push_back(its_.variables[v]);
        to.push_back(values[v]);
      }
      for (const smt::Term& temporary : temporaries_[i]) {
        from.push_back(temporary);
        to.push_back(context_.constant(numbered("_n", fresh_++).c_str(), temporary.get_sort()));
      }
      constraints.push_back(smt::Term(t.guard).substitute(from, to));
      std::vector<smt::Term> next;
      for (const smt::Term& u : t.update) next.push_back(smt::Term(u).substitute(from, to));
      values = std::move(next);
    }
    return values;
  }

  std::vector<smt::Term> freshState() {
    std::vector<smt::Term> state;
    for (size_t v = 0; v < its_.variables.size(); ++v)
      state.push_back(context_.int_const(numbered("_s", fresh_++).c_str()));
    return state;
  }

  z3::check_result check(const smt::Term& formula) {
    const smt::Limits limits{options_.queryMillis, options_.deadline};
    z3::solver solver = smt::limitedSolver(context_, nullptr, limits);
    solver.add(formula);
    return smt::checkLimited(watch_, solver, limits);
  }

 private:
  const its::Its& its_;
  z3::context& context_;
  const NonTerminationOptions& options_;
  smt::QueryWatch watch_;
  std::vector<z3::expr_vector> temporaries_;
  unsigned long long fresh_ = 0;
};

// Simple cycles of at most `maxLength` transitions, each starting at its smallest location, then pairs of them
// through the same location.
std::vector<std::vector<size_t>> simpleCycles(const its::Its& its, const NonTerminationOptions& options) {
  std::vector<std::vector<size_t>> cycles;
  std::vector<std::vector<size_t>> outgoing(its.locations.size());
  for (size_t i = 0; i < its.transitions.size(); ++i) outgoing[its.transitions[i].from].push_back(i);
  std::vector<size_t> path;
  std::vector<bool> onPath(its.locations.size(), false);
  std::function<void(its::LocationId, its::LocationId)> search = [&](its::LocationId first, its::LocationId at) {
    if (cycles.size() >= options.maxCycles) return;
    for (size_t i : outgoing[at]) {
      its::LocationId to = its.transitions[i].to;
      if (to == first) {
        path.push_back(i);
        cycles.push_back(path);
        path.pop_back();
      } else if (to > first && !onPath[to] && path.size() + 1 < options.maxCycleLength) {
        path.push_back(i);
        onPath[to] = true;
        search(first, to);
        onPath[to] = false;
        path.pop_back();
      }
    }
  };
  for (its::LocationId l = 0; l < its.locations.size(); ++l) {
    onPath[l] = true;
    search(l, l);
    onPath[l] = false;
  }
  // Two different simple cycles through the same location, one after the other (while (x != 0) x = -x; alternates
  // between the branches x > 0 and x < 0, and neither repeats alone).
  size_t simple = cycles.size();
  for (size_t a = 0; a < simple && cycles.size() < options.maxCycles; ++a)
    for (size_t b = a + 1; b < simple && cycles.size() < options.maxCycles; ++b) {
      if (its.transitions[cycles[a].front()].from != its.transitions[cycles[b].front()].from) continue;
      if (cycles[a].size() + cycles[b].size() > options.maxCycleLength) continue;
      std::vector<size_t> both = cycles[a];
      both.insert(both.end(), cycles[b].begin(), cycles[b].end());
      cycles.push_back(std::move(both));
    }
  return cycles;
}

// Paths from the start location to `target`, shortest first (a bounded number of them).
std::vector<std::vector<size_t>> stems(const its::Its& its, its::LocationId target,
                                       const NonTerminationOptions& options) {
  constexpr size_t kMaxStems = 16;
  std::vector<std::vector<size_t>> found;
  std::vector<std::pair<its::LocationId, std::vector<size_t>>> frontier{{its.start, {}}};
  for (size_t length = 0; length <= options.maxStemLength && !frontier.empty() && found.size() < kMaxStems; ++length) {
    std::vector<std::pair<its::LocationId, std::vector<size_t>>> next;
    std::set<its::LocationId> expanded;
    for (auto& [at, path] : frontier) {
      if (at == target) found.push_back(path);
      // Extend each location once per length: enough to find short stems without enumerating every path.
      if (!expanded.insert(at).second) continue;
      for (size_t i = 0; i < its.transitions.size() && next.size() < 4096; ++i)
        if (its.transitions[i].from == at) {
          std::vector<size_t> longer = path;
          longer.push_back(i);
          next.emplace_back(its.transitions[i].to, std::move(longer));
        }
    }
    frontier = std::move(next);
  }
  return found;
}

}  // namespace

std::optional<RecurrentSet> findRecurrentSet(const its::Its& its, z3::context& context,
                                             const NonTerminationOptions& options) {
  if (its.everyLocationStarts) return std::nullopt;  // a stem needs a start
  Paths paths(its, context, options);
  for (const std::vector<size_t>& cycle : simpleCycles(its, options)) {
    if (options.deadline.expired()) return std::nullopt;
    its::LocationId head = its.transitions[cycle.front()].from;
    std::vector<smt::Term> entry = paths.freshState();
    z3::expr_vector cycleGuard(context);
    std::vector<smt::Term> exit = paths.run(cycle, entry, cycleGuard);

    z3::expr_vector fixedPoint(context);
    for (size_t v = 0; v < entry.size(); ++v) fixedPoint.push_back(exit[v] == entry[v]);
    std::optional<smt::Term> states;
    std::string kind;
    if (paths.check(z3::mk_and(cycleGuard) && z3::mk_and(fixedPoint)) == z3::sat) {
      kind = "fixed point";
      states = z3::mk_and(cycleGuard) && z3::mk_and(fixedPoint);
    } else if (std::none_of(cycle.begin(), cycle.end(), [&](size_t i) { return paths.hasTemporaries(i); })) {
      z3::expr_vector again(context);
      std::vector<smt::Term> twice = paths.run(cycle, exit, again);
      smt::Term guard = z3::mk_and(cycleGuard);
      if (paths.check(guard) == z3::sat && paths.check(guard && !z3::mk_and(again)) == z3::unsat) {
        kind = "closed guard";
        states = guard;
      }
    }
    if (!states) continue;
    for (const std::vector<size_t>& stem : stems(its, head, options)) {
      if (options.deadline.expired()) return std::nullopt;
      z3::expr_vector stemGuard(context);
      std::vector<smt::Term> reached = paths.run(stem, paths.freshState(), stemGuard);
      z3::expr_vector arrive(context);
      for (size_t v = 0; v < entry.size(); ++v) arrive.push_back(reached[v] == entry[v]);
      if (paths.check(z3::mk_and(stemGuard) && z3::mk_and(arrive) && *states) != z3::sat) continue;
      // The set over the system's own variables, for the evidence.
      z3::expr_vector from(context), to(context);
      for (size_t v = 0; v < entry.size(); ++v) {
        from.push_back(entry[v]);
        to.push_back(its.variables[v]);
      }
      return RecurrentSet{stem, cycle, states->substitute(from, to), kind};
    }
  }
  return std::nullopt;
}

}  // namespace atropos::termination
