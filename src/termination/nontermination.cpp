#include "termination/nontermination.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <map>
#include <random>
#include <set>
#include <utility>

#include "common/text.h"
#include "smt/integers.h"

namespace atropos::termination {

namespace {

// The time Z3's quantifier elimination gets for one set.
constexpr unsigned kEliminationMillis = 500;

// The symbols of a transition that are not the system's variables: its temporaries.
std::vector<smt::Term> temporariesOf(const its::Its& its, const its::Transition& t) {
  std::set<unsigned> seen;
  for (const smt::Term& v : its.variables) seen.insert(v.id());
  std::vector<smt::Term> temporaries;
  smt::collectSymbols(t.guard, seen, temporaries);
  for (const smt::Term& u : t.update) smt::collectSymbols(u, seen, temporaries);
  return temporaries;
}

// Runs paths of transitions on symbolic states; each temporary of a transition is a fresh constant at each step.
class Runner {
 public:
  Runner(const its::Its& its, z3::context& context) : its_(its), context_(context) {
    for (const its::Transition& t : its.transitions) temporaries_.push_back(temporariesOf(its, t));
  }

  const std::vector<smt::Term>& temporaries(size_t transition) const { return temporaries_[transition]; }

  // The values after `path` from `values`; its guards go to `guards`, the constants chosen for its temporaries to
  // `temporaries`.
  std::vector<smt::Term> run(const std::vector<size_t>& path, std::vector<smt::Term> values, z3::expr_vector& guards,
                             z3::expr_vector& temporaries) {
    for (size_t i : path) {
      const its::Transition& t = its_.transitions[i];
      z3::expr_vector from(context_), to(context_);
      for (size_t v = 0; v < its_.variables.size(); ++v) {
        from.push_back(its_.variables[v]);
        to.push_back(values[v]);
      }
      for (const smt::Term& temporary : temporaries_[i]) {
        smt::Term chosen = context_.constant(numbered("_t", fresh_++).c_str(), temporary.get_sort());
        from.push_back(temporary);
        to.push_back(chosen);
        temporaries.push_back(chosen);
      }
      guards.push_back(smt::Term(t.guard).substitute(from, to));
      std::vector<smt::Term> next;
      for (const smt::Term& u : t.update) next.push_back(smt::Term(u).substitute(from, to));
      values = std::move(next);
    }
    return values;
  }

  std::vector<smt::Term> freshState() {
    std::vector<smt::Term> state;
    for (size_t v = 0; v < its_.variables.size(); ++v) state.push_back(context_.int_const(numbered("_s", fresh_++).c_str()));
    return state;
  }

  // `states` (over the system's variables) at the values `at`.
  smt::Term at(const smt::Term& states, const std::vector<smt::Term>& values) const {
    z3::expr_vector from(context_), to(context_);
    for (size_t v = 0; v < its_.variables.size(); ++v) {
      from.push_back(its_.variables[v]);
      to.push_back(values[v]);
    }
    return smt::Term(states).substitute(from, to);
  }

  smt::Term fresh(const char* prefix) { return context_.int_const(numbered(prefix, fresh_++).c_str()); }

 private:
  const its::Its& its_;
  z3::context& context_;
  std::vector<std::vector<smt::Term>> temporaries_;
  unsigned long long fresh_ = 0;
};

class Checker {
 public:
  Checker(z3::context& context, const smt::Limits& limits)
      : context_(context), limits_(limits), watch_(context, limits.log) {}

  z3::check_result check(const z3::expr& formula) {
    z3::solver solver = smt::makeSolver(context_, smt::Procedure::Simple, limits_);
    solver.add(formula);
    return smt::checkLimited(watch_, solver, limits_);
  }

  // A solver for incremental checks, and its check.
  z3::solver solver() { return smt::makeSolver(context_, smt::Procedure::Simple, limits_); }
  z3::check_result check(z3::solver& solver) { return smt::checkLimited(watch_, solver, limits_); }

 private:
  z3::context& context_;
  smt::Limits limits_;
  smt::QueryWatch watch_;
};

smt::Term existentially(const z3::expr_vector& temporaries, const z3::expr& body) {
  return temporaries.empty() ? smt::Term(body) : smt::Term(z3::exists(temporaries, body));
}

// The states at the head from which one of `cycles` can be taken into `states`, over `x`.
smt::Term canReturn(Runner& runner, const smt::Term& states, const std::vector<std::vector<size_t>>& cycles,
                    const std::vector<smt::Term>& x, z3::context& context) {
  z3::expr_vector ways(context);
  for (const std::vector<size_t>& cycle : cycles) {
    z3::expr_vector guards(context), temporaries(context);
    std::vector<smt::Term> after = runner.run(cycle, x, guards, temporaries);
    ways.push_back(existentially(temporaries, z3::mk_and(guards) && runner.at(states, after)));
  }
  return z3::mk_or(ways);
}

// Non-empty, and every state of it can go on through one of `cycles` into it again.
// The easier question first, without a quantifier under a negation where the quantifiers can be eliminated: some
// cycle is enabled in every state of the set, and every enabled one, whatever values its temporaries take, leads
// back into it.
bool isClosed(Runner& runner, Checker& checker, const smt::Term& states,
              const std::vector<std::vector<size_t>>& cycles, z3::context& context) {
  std::vector<smt::Term> x = runner.freshState();
  smt::Term inSet = runner.at(states, x);
  if (checker.check(inSet) != z3::sat) return false;
  z3::expr_vector enabled(context);
  z3::expr_vector leaves(context);
  bool eliminated = true;
  for (const std::vector<size_t>& cycle : cycles) {
    z3::expr_vector guards(context), temporaries(context);
    std::vector<smt::Term> after = runner.run(cycle, x, guards, temporaries);
    smt::Term can = smt::project(context, temporaries, z3::mk_and(guards), kEliminationMillis);
    eliminated = eliminated && !can.is_quantifier();
    enabled.push_back(can);
    leaves.push_back(z3::mk_and(guards) && !runner.at(states, after));
  }
  if (eliminated && checker.check(inSet && !z3::mk_or(enabled)) == z3::unsat &&
      checker.check(inSet && z3::mk_or(leaves)) == z3::unsat)
    return true;
  return checker.check(inSet && !canReturn(runner, states, cycles, x, context)) == z3::unsat;
}

// The guard's comparisons as bounds p > 0, p >= 0 or p = 0.
struct Bound {
  smt::Term p;
  bool equality = false;
};

// A conjunct of a guard that compares two integers, as a bound; none for anything else (a disjunction, a
// disequality).
std::optional<Bound> boundOf(smt::Term atom) {
  // Z3's simplifier writes x > y as not (x <= y).
  const bool negated = atom.is_not();
  if (negated) atom = atom.arg(0);
  if (!atom.is_app() || atom.num_args() != 2 || !atom.arg(0).is_int()) return std::nullopt;
  switch (atom.decl().decl_kind()) {
    case Z3_OP_LE:
    case Z3_OP_LT:
      return Bound{negated ? atom.arg(0) - atom.arg(1) : atom.arg(1) - atom.arg(0), false};
    case Z3_OP_GE:
    case Z3_OP_GT:
      return Bound{negated ? atom.arg(1) - atom.arg(0) : atom.arg(0) - atom.arg(1), false};
    case Z3_OP_EQ:
      if (!negated) return Bound{atom.arg(0) - atom.arg(1), true};
      return std::nullopt;
    default:
      return std::nullopt;
  }
}

// The bounds of the guard's conjuncts that are comparisons; with `onlyComparisons`, none unless every conjunct is one.
std::optional<std::vector<Bound>> boundsOf(const smt::Term& guard, bool onlyComparisons = false) {
  std::vector<smt::Term> atoms;
  smt::conjunctsOf(guard, atoms);
  std::vector<Bound> bounds;
  for (const smt::Term& a : atoms) {
    if (a.is_true()) continue;
    if (std::optional<Bound> b = boundOf(a))
      bounds.push_back(*b);
    else if (onlyComparisons)
      return std::nullopt;
  }
  return bounds;
}

struct Candidate {
  its::LocationId head;
  std::vector<std::vector<size_t>> cycles;
  smt::Term states;
  std::string kind;
};

// Simple cycles of the system's first `original` transitions, each starting at its smallest location, of at most
// `maxCycleLength` transitions; or, with `choicesOnly`, with fewer than `maxCycleLength` steps into locations where
// a run can go more than one way before the step that closes the cycle (steps into locations with one way on, as
// translations from programs have many, do not count; a repetition taken at a location counts as one more such
// step). Where a cycle passes through a location with a repeated self-loop (the transitions from `original` on),
// also with that repetition taken there (an inner loop run to its end within the cycle).
std::vector<std::vector<size_t>> simpleCycles(const its::Its& its, size_t original, const NonTerminationOptions& options,
                                              bool choicesOnly) {
  constexpr size_t kMaxCycleTransitions = 64;
  std::vector<std::vector<size_t>> cycles;
  std::vector<std::vector<size_t>> outgoing(its.locations.size()), repeated(its.locations.size());
  for (size_t i = 0; i < its.transitions.size(); ++i)
    (i < original ? outgoing : repeated)[its.transitions[i].from].push_back(i);
  auto branches = [&](its::LocationId l) {
    return !choicesOnly || outgoing[l].size() + repeated[l].size() > 1 ? 1u : 0u;
  };
  std::vector<size_t> path;
  size_t choices = 0;  // of the path's locations, those where a run can go more than one way
  std::vector<bool> onPath(its.locations.size(), false);
  std::function<void(its::LocationId, its::LocationId)> search = [&](its::LocationId first, its::LocationId at) {
    if (cycles.size() >= options.maxCycles) return;
    for (size_t i : outgoing[at]) {
      its::LocationId to = its.transitions[i].to;
      if (to == first) {
        path.push_back(i);
        cycles.push_back(path);
        path.pop_back();
      } else if (to > first && !onPath[to] && choices + branches(to) < options.maxCycleLength &&
                 path.size() + 1 < kMaxCycleTransitions) {
        path.push_back(i);
        onPath[to] = true;
        choices += branches(to);
        search(first, to);
        for (size_t r : repeated[to])
          if (choices + branches(to) < options.maxCycleLength && path.size() + 1 < kMaxCycleTransitions) {
            path.push_back(r);
            choices += branches(to);
            search(first, to);
            choices -= branches(to);
            path.pop_back();
          }
        choices -= branches(to);
        onPath[to] = false;
        path.pop_back();
      }
    }
  };
  for (its::LocationId l = 0; l < its.locations.size(); ++l) {
    onPath[l] = true;
    search(l, l);
    for (size_t r : repeated[l]) {
      path.push_back(r);
      search(l, l);
      path.pop_back();
    }
    onPath[l] = false;
  }
  // A repeated self-loop alone is its own loop again, already searched.
  std::erase_if(cycles, [&](const std::vector<size_t>& c) { return c.size() == 1 && c.front() >= original; });
  return cycles;
}

// The n-fold repetition of self-loop t (n >= 1 a fresh temporary) where every update adds a constant and every
// comparison of the guard changes by a constant per iteration: the comparison is then a linear function of the
// iteration, so the guard holds at every iteration in between when it holds at the first and at the last (Frohn &
// Giesl's acceleration of loops with monotonic guards, for the simplest updates). None for other loops.
std::optional<its::Transition> repetition(const its::Its& its, const its::Transition& t, z3::context& context,
                                         Checker& checker, unsigned long long id) {
  if (t.from != t.to || !temporariesOf(its, t).empty()) return std::nullopt;
  z3::expr_vector x(context), next(context);
  std::vector<smt::Term> steps;
  bool moves = false;
  for (size_t v = 0; v < its.variables.size(); ++v) {
    smt::Term step = (t.update[v] - its.variables[v]).simplify();
    // A step the guard makes constant (y' = x - 1 under x = y): that constant.
    if (!step.is_numeral()) {
      z3::solver solver = checker.solver();
      solver.add(t.guard);
      if (checker.check(solver) != z3::sat) return std::nullopt;
      smt::Term value = solver.get_model().eval(step, true);
      if (!value.is_numeral() || checker.check(t.guard && step != value) != z3::unsat) return std::nullopt;
      step = value;
    }
    moves = moves || !z3::eq(step, context.int_val(0));
    steps.push_back(step);
    x.push_back(its.variables[v]);
    next.push_back(its.variables[v] + step);
  }
  if (!moves) return std::nullopt;  // a fixed point, found as one
  const smt::Term guard = t.guard.simplify();
  std::optional<std::vector<Bound>> bounds = boundsOf(guard, true);
  if (!bounds) return std::nullopt;
  for (const Bound& b : *bounds)
    if (!(smt::Term(b.p).substitute(x, next) - b.p).simplify().is_numeral()) return std::nullopt;
  const smt::Term n = context.int_const(numbered("_n", id).c_str());
  z3::expr_vector last(context);
  its::Transition repeated = t;
  for (size_t v = 0; v < its.variables.size(); ++v) {
    last.push_back(its.variables[v] + (n - 1) * steps[v]);
    repeated.update[v] = (its.variables[v] + n * steps[v]).simplify();
  }
  repeated.guard = n >= 1 && guard && smt::Term(guard).substitute(x, last);
  repeated.origin = t.origin + " (repeated n times)";
  return repeated;
}

// Two different simple cycles through the same location, one after the other (while (x != 0) x = -x; alternates
// between the branches x > 0 and x < 0, and neither repeats alone).
std::vector<std::vector<size_t>> pairsOf(const its::Its& its, const std::vector<std::vector<size_t>>& simple,
                                         const NonTerminationOptions& options) {
  constexpr size_t kMaxPairTransitions = 4;  // the two cycles' together, beyond which the formulas grow large
  std::vector<std::vector<size_t>> pairs;
  for (size_t a = 0; a < simple.size() && simple.size() + pairs.size() < options.maxCycles; ++a)
    for (size_t b = a + 1; b < simple.size() && simple.size() + pairs.size() < options.maxCycles; ++b) {
      if (its.transitions[simple[a].front()].from != its.transitions[simple[b].front()].from) continue;
      if (simple[a].size() + simple[b].size() > kMaxPairTransitions) continue;
      std::vector<size_t> both = simple[a];
      both.insert(both.end(), simple[b].begin(), simple[b].end());
      pairs.push_back(std::move(both));
    }
  return pairs;
}

class Search {
 public:
  // `its` has its own transitions first, `original` of them; concrete runs take only those.
  Search(const its::Its& its, size_t original, z3::context& context, const NonTerminationOptions& options)
      : its_(its),
        original_(original),
        context_(context),
        options_(options),
        runner_(its, context),
        checker_(context, smt::Limits{options.queryMillis, options.deadline, options.smtLog}),
        outgoing_(its.locations.size()) {
    for (size_t i = 0; i < original; ++i) outgoing_[its.transitions[i].from].push_back(i);
  }

  // The closed candidate sets of one cycle, simplest first.
  void candidatesOfCycle(const std::vector<size_t>& cycle) {
    const its::LocationId head = its_.transitions[cycle.front()].from;
    z3::expr_vector guards(context_), temporaries(context_);
    std::vector<smt::Term> after = runner_.run(cycle, its_.identity(), guards, temporaries);
    const smt::Term guard = z3::mk_and(guards).simplify();
    z3::expr_vector unchanged(context_);
    for (size_t v = 0; v < after.size(); ++v) unchanged.push_back(after[v] == its_.variables[v]);
    const unsigned millis = std::min(options_.queryMillis, kEliminationMillis);
    consider({head, {cycle}, smt::project(context_, temporaries, guard && z3::mk_and(unchanged), millis), "fixed point"});
    consider({head, {cycle}, smt::project(context_, temporaries, guard, millis), "closed guard"});
    // A disequality a != b lets the cycle be taken where a - b stays away from 0: on either side of it (for
    // while (a != b) { a = a + 2; b = b - 1; } where a > b).
    std::vector<smt::Term> sides = sidesOfDisequalities(guard);
    for (const smt::Term& side : sides)
      consider({head, {cycle}, smt::project(context_, temporaries, side, millis), "closed side of a disequality"});
    if (!temporaries.empty()) return;
    increasingGuards(head, cycle, guard, after);
    for (const smt::Term& side : sides) increasingGuards(head, cycle, side, after);
  }

  // The guard with one of its disequalities (two at most) made strict in one direction, for each direction.
  std::vector<smt::Term> sidesOfDisequalities(const smt::Term& guard) {
    constexpr size_t kMaxDisequalities = 2;
    std::vector<smt::Term> atoms, sides;
    smt::conjunctsOf(guard, atoms);
    size_t seen = 0;
    for (size_t k = 0; k < atoms.size() && seen < kMaxDisequalities; ++k) {
      const smt::Term& a = atoms[k];
      if (!a.is_not() || !a.arg(0).is_eq() || !a.arg(0).arg(0).is_int()) continue;
      ++seen;
      for (bool above : {true, false}) {
        z3::expr_vector rest(context_);
        for (size_t j = 0; j < atoms.size(); ++j)
          if (j != k) rest.push_back(atoms[j]);
        const smt::Term x = a.arg(0).arg(0), y = a.arg(0).arg(1);
        rest.push_back(above ? x > y : x < y);
        sides.push_back(z3::mk_and(rest).simplify());
      }
    }
    return sides;
  }

  // Each bound p of the guard does not shrink (p' - p >= 0), nor does its growth, on the states after.
  void increasingGuards(its::LocationId head, const std::vector<size_t>& cycle, const smt::Term& guard,
                        const std::vector<smt::Term>& after) {
    std::vector<Bound> bounds = *boundsOf(guard);
    smt::Term strengthened = guard;
    for (int level = 0; level < 2 && !bounds.empty(); ++level) {
      std::vector<Bound> growths;
      for (const Bound& b : bounds) {
        smt::Term growth = (runner_.at(b.p, after) - b.p).simplify();
        if (growth.is_numeral()) continue;  // constant: the guard's own check decides
        strengthened = strengthened && (b.equality ? growth == 0 : growth >= 0);
        growths.push_back({growth, b.equality});
      }
      if (growths.empty()) break;
      consider({head, {cycle}, strengthened, "eventually increasing guard"});
      bounds = std::move(growths);
    }
  }

  // The states where some cycle through `head` can be taken, when from each of them one leads back there.
  void candidateOfLocation(its::LocationId head, const std::vector<std::vector<size_t>>& cycles,
                           unsigned narrowingRounds) {
    const unsigned millis = std::min(options_.queryMillis, kEliminationMillis);
    z3::expr_vector enabled(context_);
    for (const std::vector<size_t>& cycle : cycles) {
      z3::expr_vector guards(context_), temporaries(context_);
      runner_.run(cycle, its_.identity(), guards, temporaries);
      enabled.push_back(smt::project(context_, temporaries, z3::mk_and(guards).simplify(), millis));
    }
    smt::Term states = z3::mk_or(enabled);
    // Where some state of it has no way back into it, those states go, one round at a time (a greatest fixpoint).
    for (unsigned round = 0; round <= narrowingRounds; ++round) {
      if (consider({head, cycles, states, "closed guards of the location"})) return;
      states = (states && canReturn(runner_, states, cycles, its_.identity(), context_)).simplify();
    }
  }

  // A path from the start along which some run reaches the set of one of the candidates; bounded model checking of
  // the whole system, one transition per step.
  std::optional<RecurrentSet> reachOne() {
    if (candidates_.empty()) return std::nullopt;
    const std::vector<size_t> relevant = relevantTransitions();
    z3::solver solver = checker_.solver();
    smt::Term pc = runner_.fresh("_pc");
    std::vector<smt::Term> state = runner_.freshState();
    solver.add(pc == static_cast<int>(its_.start));
    std::vector<smt::Term> choices;  // per step, the index of the transition taken
    for (size_t depth = 0;; ++depth) {
      if (options_.deadline.expired()) return std::nullopt;
      z3::expr_vector arrivals(context_);
      for (const Candidate& c : candidates_)
        arrivals.push_back(pc == static_cast<int>(c.head) && runner_.at(c.states, state));
      solver.push();
      solver.add(z3::mk_or(arrivals));
      if (checker_.check(solver) == z3::sat) {
        z3::model model = solver.get_model();
        std::vector<size_t> stem;
        for (const smt::Term& choice : choices) stem.push_back(model.eval(choice, true).get_numeral_uint64());
        for (size_t c = 0; c < candidates_.size(); ++c)
          if (model.eval(arrivals[static_cast<int>(c)], true).is_true()) {
            const Candidate& found = candidates_[c];
            return RecurrentSet{{}, stem, found.head, found.cycles, found.states, found.kind};
          }
      }
      solver.pop();
      if (depth == options_.maxStemLength || relevant.empty()) return std::nullopt;
      smt::Term nextPc = runner_.fresh("_pc");
      std::vector<smt::Term> next = runner_.freshState();
      smt::Term choice = runner_.fresh("_step");
      z3::expr_vector steps(context_);
      for (size_t i : relevant) {
        const its::Transition& t = its_.transitions[i];
        z3::expr_vector guards(context_), temporaries(context_);
        std::vector<smt::Term> after = runner_.run({i}, state, guards, temporaries);
        z3::expr_vector step(context_);
        step.push_back(pc == static_cast<int>(t.from));
        step.push_back(nextPc == static_cast<int>(t.to));
        step.push_back(choice == static_cast<int>(i));
        step.push_back(z3::mk_and(guards));
        for (size_t v = 0; v < next.size(); ++v) step.push_back(next[v] == after[v]);
        steps.push_back(z3::mk_and(step));
      }
      solver.add(z3::mk_or(steps));
      choices.push_back(choice);
      pc = nextPc;
      state = std::move(next);
    }
  }

  // Concrete runs from the start, each transition chosen among the enabled ones: a run that reaches a state of a
  // candidate's set gives the stem, one that comes back to a state it was in is a recurrent set by itself. Reaches
  // what bounded model checking cannot: stems through loops that count to a constant.
  std::optional<RecurrentSet> simulate(size_t runs, size_t steps, uint64_t seed, bool pinTemporaries) {
    std::mt19937_64 random(seed);
    const std::vector<int64_t> pool = constantsOfTheSystem();
    for (size_t run = 0; run < runs && !options_.deadline.expired(); ++run) {
      std::vector<smt::Term> values;
      for (size_t v = 0; v < its_.variables.size(); ++v)
        values.push_back(context_.int_val(run < 2 ? static_cast<int64_t>(run) : choose(pool, run, random)));
      if (std::optional<RecurrentSet> found =
              simulateFrom(std::move(values), steps, pool, pinTemporaries ? std::optional<size_t>(run) : std::nullopt,
                           random))
        return found;
    }
    return std::nullopt;
  }

 private:
  // Keeps the candidate if it is closed (or already kept).
  bool consider(Candidate c) {
    if (options_.deadline.expired()) return false;
    for (const Candidate& known : candidates_)
      if (known.head == c.head && z3::eq(known.states, c.states)) return true;
    if (!isClosed(runner_, checker_, c.states, c.cycles, context_)) return false;
    candidates_.push_back(std::move(c));
    return true;
  }

  // The numbers in the system's guards and updates and their neighbours (where a guard's truth changes), and small
  // numbers.
  std::vector<int64_t> constantsOfTheSystem() const {
    std::set<int64_t> found{-1, 0, 1, 2};
    std::function<void(const z3::expr&)> collect = [&](const z3::expr& e) {
      int64_t n = 0;
      if (e.is_numeral() && e.is_numeral_i64(n) && n > INT64_MIN + 1 && n < INT64_MAX - 1) {
        found.insert({n - 1, n, n + 1});
        return;
      }
      if (e.is_app())
        for (unsigned k = 0; k < e.num_args(); ++k) collect(e.arg(k));
    };
    for (const its::Transition& t : its_.transitions) {
      collect(t.guard);
      for (const smt::Term& u : t.update) collect(u);
    }
    return {found.begin(), found.end()};
  }

  // A start value or a temporary's: from the pool half of the time, else a random number, small in every other run
  // and larger in the others.
  static int64_t choose(const std::vector<int64_t>& pool, size_t run, std::mt19937_64& random) {
    if (random() % 2 == 0) return pool[random() % pool.size()];
    const int64_t spread = run % 2 == 0 ? 8 : 1000;
    return static_cast<int64_t>(random() % static_cast<uint64_t>(2 * spread + 1)) - spread;
  }

  // With `pinned` (the run's number), temporaries get values chosen as start values are, where the guard allows;
  // else the solver's.
  std::optional<RecurrentSet> simulateFrom(std::vector<smt::Term> values, size_t steps,
                                           const std::vector<int64_t>& pool, std::optional<size_t> pinned,
                                           std::mt19937_64& random) {
    its::LocationId at = its_.start;
    std::vector<size_t> taken;
    std::map<std::string, size_t> seen;  // location and values of each state visited, and after how many steps
    for (size_t step = 0; step <= steps; ++step) {
      if (options_.deadline.expired()) return std::nullopt;
      std::string key = std::to_string(at);
      for (const smt::Term& v : values) {
        key += ' ';
        key += v.to_string();
      }
      if (auto [earlier, fresh] = seen.emplace(key, step); !fresh) {
        z3::expr_vector same(context_);
        for (size_t v = 0; v < values.size(); ++v) same.push_back(its_.variables[v] == values[v]);
        std::vector<size_t> stem(taken.begin(), taken.begin() + static_cast<std::ptrdiff_t>(earlier->second));
        std::vector<size_t> cycle(taken.begin() + static_cast<std::ptrdiff_t>(earlier->second), taken.end());
        return RecurrentSet{{}, stem, at, {cycle}, z3::mk_and(same), "recurring state"};
      }
      for (const Candidate& c : candidates_)
        if (c.head == at && isIn(c.states, values)) return RecurrentSet{{}, taken, c.head, c.cycles, c.states, c.kind};
      std::vector<std::pair<size_t, std::vector<smt::Term>>> enabled;
      for (size_t i : outgoing_[at])
        if (std::optional<std::vector<smt::Term>> after = take(i, values, pool, pinned, random))
          enabled.emplace_back(i, std::move(*after));
      if (enabled.empty()) return std::nullopt;  // this run ends
      auto& [chosen, after] = enabled[random() % enabled.size()];
      taken.push_back(chosen);
      at = its_.transitions[chosen].to;
      values = std::move(after);
    }
    return std::nullopt;
  }

  // The values after transition i from concrete `values`, with values for its temporaries that satisfy its guard
  // (as simulateFrom chooses them); none when it cannot be taken (or the solver cannot tell).
  std::optional<std::vector<smt::Term>> take(size_t i, const std::vector<smt::Term>& values,
                                             const std::vector<int64_t>& pool, std::optional<size_t> pinned,
                                             std::mt19937_64& random) {
    const its::Transition& t = its_.transitions[i];
    smt::Term guard = runner_.at(t.guard, values).simplify();
    std::vector<smt::Term> after;
    if (guard.is_false()) return std::nullopt;
    if (guard.is_true()) {
      for (const smt::Term& u : t.update) after.push_back(runner_.at(u, values).simplify());
      if (std::all_of(after.begin(), after.end(), [](const smt::Term& a) { return a.is_numeral(); })) return after;
      after.clear();
    }
    z3::solver solver = checker_.solver();
    solver.add(guard);
    solver.push();
    if (pinned)
      for (const smt::Term& temporary : runner_.temporaries(i))
        solver.add(temporary == context_.int_val(choose(pool, *pinned, random)));
    if (checker_.check(solver) != z3::sat) {
      solver.pop();
      if (checker_.check(solver) != z3::sat) return std::nullopt;
    }
    z3::model model = solver.get_model();
    for (const smt::Term& u : t.update) after.push_back(model.eval(runner_.at(u, values), true));
    if (!std::all_of(after.begin(), after.end(), [](const smt::Term& a) { return a.is_numeral(); })) return std::nullopt;
    return after;
  }

  bool isIn(const smt::Term& states, const std::vector<smt::Term>& values) {
    smt::Term at = runner_.at(states, values).simplify();
    if (at.is_true() || at.is_false()) return at.is_true();
    return checker_.check(at) == z3::sat;
  }

  // Transitions on a path from the start to a candidate's head.
  std::vector<size_t> relevantTransitions() const {
    const size_t n = its_.locations.size();
    std::vector<bool> fromStart(n, false), toHead(n, false);
    fromStart[its_.start] = true;
    for (const Candidate& c : candidates_) toHead[c.head] = true;
    for (bool changed = true; changed;) {
      changed = false;
      for (const its::Transition& t : its_.transitions) {
        if (fromStart[t.from] && !fromStart[t.to]) changed = fromStart[t.to] = true;
        if (toHead[t.to] && !toHead[t.from]) changed = toHead[t.from] = true;
      }
    }
    std::vector<size_t> relevant;
    for (size_t i = 0; i < its_.transitions.size(); ++i)
      if (fromStart[its_.transitions[i].from] && toHead[its_.transitions[i].to]) relevant.push_back(i);
    return relevant;
  }

  const its::Its& its_;
  size_t original_;
  z3::context& context_;
  const NonTerminationOptions& options_;
  Runner runner_;
  Checker checker_;
  std::vector<std::vector<size_t>> outgoing_;  // per location, the system's own transitions from it
  std::vector<Candidate> candidates_;

 public:
  const std::vector<Candidate>& candidates() const { return candidates_; }
};

// Whether every step of `r.repeated` is a run of its self-loop, by induction over its one temporary n: it needs
// n >= 1, with n = 1 it is the self-loop, and with n + 1 it is the self-loop followed by the repetition with n.
bool isRepetitionOf(const its::Its& its, const Repetition& r, Checker& checker) {
  if (r.of >= its.transitions.size()) return false;
  const its::Transition& t = its.transitions[r.of];
  const std::vector<smt::Term> counters = temporariesOf(its, r.repeated);
  if (t.from != t.to || r.repeated.from != t.from || r.repeated.to != t.to || !temporariesOf(its, t).empty() ||
      counters.size() != 1 || r.repeated.update.size() != its.variables.size())
    return false;
  z3::context& context = *its.context;
  const smt::Term n = counters.front();
  z3::expr_vector counter(context), once(context), more(context);
  counter.push_back(n);
  once.push_back(context.int_val(1));
  more.push_back(n + 1);
  z3::expr_vector x(context), after(context);
  for (size_t v = 0; v < its.variables.size(); ++v) {
    x.push_back(its.variables[v]);
    after.push_back(t.update[v]);
  }
  auto guardWith = [&](const z3::expr_vector& count) { return smt::Term(r.repeated.guard).substitute(counter, count); };
  auto updateWith = [&](size_t v, const z3::expr_vector& count) {
    return smt::Term(r.repeated.update[v]).substitute(counter, count);
  };
  if (checker.check(r.repeated.guard && n < 1) != z3::unsat) return false;
  z3::expr_vector sameAsOnce(context), sameAsMore(context);
  for (size_t v = 0; v < its.variables.size(); ++v) {
    sameAsOnce.push_back(updateWith(v, once) == t.update[v]);
    sameAsMore.push_back(smt::Term(updateWith(v, counter)).substitute(x, after) == updateWith(v, more));
  }
  if (checker.check(guardWith(once) && !(t.guard && z3::mk_and(sameAsOnce))) != z3::unsat) return false;
  const smt::Term rest = smt::Term(r.repeated.guard).substitute(x, after);
  return checker.check(n >= 1 && guardWith(more) && !(t.guard && rest && z3::mk_and(sameAsMore))) == z3::unsat;
}

// The cycle once beginning at each of its locations, filed under that location.
void addRotations(std::vector<std::vector<std::vector<size_t>>>& through, const std::vector<size_t>& cycle,
                  const its::Its& its) {
  for (size_t k = 0; k < cycle.size(); ++k) {
    std::vector<size_t> rotated(cycle.begin() + static_cast<std::ptrdiff_t>(k), cycle.end());
    rotated.insert(rotated.end(), cycle.begin(), cycle.begin() + static_cast<std::ptrdiff_t>(k));
    through[its.transitions[rotated.front()].from].push_back(std::move(rotated));
  }
}

// A location's cycles together make one candidate up to this many (beyond, the formulas grow large).
constexpr size_t kMaxCyclesOfLocation = 16;
// How often the states without a way back are taken out of a location's guards (each round may double the formula).
constexpr unsigned kNarrowingRounds = 2;
// Concrete runs from the start per stage of the search, and how many transitions each takes at most.
constexpr size_t kSimulatedRuns[] = {8, 24};
constexpr size_t kSimulatedSteps[] = {500, 2000};

// The system with the repetitions of its simple self-loops added after its own transitions (each a run of the
// self-loop), and those repetitions.
std::pair<its::Its, std::vector<Repetition>> withRepetitions(const its::Its& its, z3::context& context,
                                                             const NonTerminationOptions& options) {
  its::Its extended = its;
  std::vector<Repetition> repetitions;
  Checker checker(context, smt::Limits{options.queryMillis, options.deadline, options.smtLog});
  for (size_t i = 0; i < its.transitions.size() && !options.deadline.expired(); ++i)
    if (std::optional<its::Transition> repeated = repetition(its, its.transitions[i], context, checker, i)) {
      repetitions.push_back({i, *repeated});
      extended.transitions.push_back(std::move(*repeated));
    }
  return {std::move(extended), std::move(repetitions)};
}

}  // namespace

std::vector<RecurrentSet> closedSets(const its::Its& its, z3::context& context, const NonTerminationOptions& options) {
  auto [extended, repetitions] = withRepetitions(its, context, options);
  Search search(extended, its.transitions.size(), context, options);
  const std::vector<std::vector<size_t>> cycles = simpleCycles(extended, its.transitions.size(), options, false);
  for (const std::vector<size_t>& cycle : cycles) {
    if (options.deadline.expired()) break;
    search.candidatesOfCycle(cycle);
  }
  for (const std::vector<size_t>& pair : pairsOf(extended, cycles, options)) {
    if (options.deadline.expired()) break;
    search.candidatesOfCycle(pair);
  }
  std::vector<std::vector<std::vector<size_t>>> through(its.locations.size());
  for (const std::vector<size_t>& cycle : cycles) addRotations(through, cycle, extended);
  for (its::LocationId l = 0; l < its.locations.size(); ++l)
    if (through[l].size() > 1 && through[l].size() <= kMaxCyclesOfLocation && !options.deadline.expired())
      search.candidateOfLocation(l, through[l], kNarrowingRounds);
  std::vector<RecurrentSet> sets;
  for (const Candidate& c : search.candidates())
    sets.push_back(RecurrentSet{repetitions, {}, c.head, c.cycles, c.states, c.kind});
  return sets;
}

std::optional<RecurrentSet> findRecurrentSet(const its::Its& its, z3::context& context,
                                             const NonTerminationOptions& options) {
  if (its.everyLocationStarts) return std::nullopt;  // a stem needs a start
  auto [extended, repetitions] = withRepetitions(its, context, options);
  const std::vector<std::vector<size_t>> all = simpleCycles(extended, its.transitions.size(), options, false);
  auto repeats = [&](const std::vector<size_t>& cycle) {
    return std::any_of(cycle.begin(), cycle.end(), [&](size_t i) { return i >= its.transitions.size(); });
  };
  // The cheap techniques first, on the system's own cycles; then cycles that run an inner loop to its end, the
  // location's guards without the states that have no way back, and more concrete runs.
  std::optional<RecurrentSet> found;
  for (int stage = 0; stage < 2 && !found && !options.deadline.expired(); ++stage) {
    Search search(extended, its.transitions.size(), context, options);
    // A few short runs before anything else, for a state that recurs (cheap where the cycles are many).
    if (stage == 0 && (found = search.simulate(kSimulatedRuns[0] / 2, kSimulatedSteps[0], 0x5eed - 1, false))) break;
    std::vector<std::vector<size_t>> cycles;
    for (const std::vector<size_t>& cycle : all)
      if (repeats(cycle) == (stage == 1)) cycles.push_back(cycle);
    std::vector<std::vector<size_t>> pairs = stage == 0 ? pairsOf(extended, cycles, options) : std::vector<std::vector<size_t>>{};
    for (const auto* group : {&cycles, &pairs})
      for (const std::vector<size_t>& cycle : *group) {
        if (options.deadline.expired()) return std::nullopt;
        search.candidatesOfCycle(cycle);
      }
    // Locations with several simple cycles: each rotated to begin there.
    std::vector<std::vector<std::vector<size_t>>> through(its.locations.size());
    for (const std::vector<size_t>& cycle : stage == 0 ? cycles : all) addRotations(through, cycle, extended);
    for (its::LocationId l = 0; l < its.locations.size(); ++l)
      if (through[l].size() > 1 && through[l].size() <= kMaxCyclesOfLocation && !options.deadline.expired())
        search.candidateOfLocation(l, through[l], stage == 0 ? 0 : kNarrowingRounds);
    found = search.reachOne();
    if (!found) found = search.simulate(kSimulatedRuns[stage], kSimulatedSteps[stage], 0x5eed + stage, stage == 1);
  }
  // Last, the longer cycles whose length is chains of locations with one way on: each, and a location's together.
  if (!found && !options.deadline.expired()) {
    Search search(extended, its.transitions.size(), context, options);
    std::vector<std::vector<std::vector<size_t>>> through(its.locations.size());
    for (const std::vector<size_t>& cycle : simpleCycles(extended, its.transitions.size(), options, true)) {
      if (cycle.size() <= options.maxCycleLength) continue;  // searched above
      if (options.deadline.expired()) return std::nullopt;
      search.candidatesOfCycle(cycle);
      addRotations(through, cycle, extended);
    }
    for (its::LocationId l = 0; l < its.locations.size(); ++l)
      if (through[l].size() > 1 && through[l].size() <= kMaxCyclesOfLocation && !options.deadline.expired())
        search.candidateOfLocation(l, through[l], 0);
    found = search.reachOne();
  }
  if (!found) return std::nullopt;
  found->repetitions = std::move(repetitions);
  if (!checkRecurrentSet(its, *found, context, smt::Limits{options.queryMillis, options.deadline, options.smtLog}))
    return std::nullopt;
  return found;
}

bool checkRecurrentSet(const its::Its& its, const RecurrentSet& set, z3::context& context, const smt::Limits& limits) {
  if (its.everyLocationStarts || set.cycles.empty()) return false;
  Checker checker(context, limits);
  its::Its extended = its;
  for (const Repetition& r : set.repetitions) {
    if (!isRepetitionOf(its, r, checker)) return false;
    extended.transitions.push_back(r.repeated);
  }
  auto chain = [&](const std::vector<size_t>& path, its::LocationId from, its::LocationId to) {
    its::LocationId at = from;
    for (size_t i : path) {
      if (i >= extended.transitions.size() || extended.transitions[i].from != at) return false;
      at = extended.transitions[i].to;
    }
    return at == to;
  };
  if (!chain(set.stem, its.start, set.head)) return false;
  for (const std::vector<size_t>& cycle : set.cycles)
    if (cycle.empty() || !chain(cycle, set.head, set.head)) return false;
  Runner runner(extended, context);
  z3::expr_vector guards(context), temporaries(context);
  std::vector<smt::Term> reached = runner.run(set.stem, runner.freshState(), guards, temporaries);
  if (checker.check(z3::mk_and(guards) && runner.at(set.states, reached)) != z3::sat) return false;
  return isClosed(runner, checker, set.states, set.cycles, context);
}

}  // namespace atropos::termination
