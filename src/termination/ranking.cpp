#include "termination/ranking.h"

#include <algorithm>
#include <map>
#include <set>

#include "common/components.h"
#include "common/text.h"
#include "its/simplify.h"
#include "smt/solver.h"
#include "smt/term.h"

namespace atropos::termination {

using its::Integer;
using its::LinearExpr;
using its::LinearIts;
using its::LinearTransition;

namespace {

// An affine function of the variables whose coefficients are linear terms over the unknowns (reals).
struct Parametric {
  std::map<unsigned, smt::Term> coefficients;
  std::optional<smt::Term> constant;
};

smt::Limits limitsOf(const RankingOptions& options) {
  return smt::Limits{options.queryMillis, options.deadline, options.smtLog};
}

smt::Term realOf(z3::context& context, Integer v) { return context.real_val(its::toString(v).c_str()); }

class Synthesis {
 public:
  Synthesis(const LinearIts& its, const std::vector<size_t>& component, z3::context& context,
            const RankingOptions& options)
      : its_(its),
        context_(context),
        limits_(limitsOf(options)),
        solver_(smt::makeSolver(context, smt::Procedure::LinearReals, limits_)) {
    // A location's function reads only the variables its outgoing transitions read, and those that the function at
    // a transition's target reads through its update (a counter that one transition increments and the next passes
    // on unchanged), to a fixpoint.
    for (bool grown = true; grown;) {
      grown = false;
      for (size_t i : component) {
        const LinearTransition& t = its.transitions[i];
        std::set<unsigned>& relevant = relevant_[t.from];
        const size_t before = relevant.size();
        auto note = [&](const LinearExpr& e) {
          for (const auto& [v, c] : e.terms)
            if (v < its.variables.size()) relevant.insert(v);
        };
        for (const its::Constraint& c : t.guard) note(c.expr);
        for (size_t v = 0; v < t.update.size(); ++v)
          if (!(t.update[v] == LinearExpr::variable(static_cast<unsigned>(v)))) {
            note(t.update[v]);
            relevant.insert(static_cast<unsigned>(v));
          }
        for (unsigned v : std::set<unsigned>(relevant_[t.to])) note(t.update[v]);
        grown = grown || relevant.size() != before;
      }
    }
  }

  // A fresh template f(x) = Σ c_v·x_v + c_0 per location of the component.
  std::map<its::LocationId, Parametric> newFunction() {
    std::map<its::LocationId, Parametric> f;
    unsigned id = functions_++;
    for (const auto& [l, variables] : relevant_) {
      Parametric p;
      for (unsigned v : variables) {
        smt::Term c = context_.real_const((numbered(numbered(numbered("f", id) + "_", l) + "_", v)).c_str());
        p.coefficients.emplace(v, c);
      }
      p.constant = context_.real_const((numbered(numbered("f", id) + "_", l) + "_c").c_str());
      f.emplace(l, std::move(p));
    }
    return f;
  }

  // f after the transition: f(update(x, t)).
  Parametric after(const Parametric& f, const LinearTransition& t) {
    Parametric result;
    result.constant = *f.constant;
    for (const auto& [v, c] : f.coefficients) add(result, t.update[v], c);
    return result;
  }

  static Parametric difference(const Parametric& a, const Parametric& b) {
    Parametric result = a;
    for (const auto& [v, c] : b.coefficients) {
      auto it = result.coefficients.find(v);
      if (it == result.coefficients.end())
        result.coefficients.emplace(v, -c);
      else
        it->second = it->second - c;
    }
    result.constant = *result.constant - *b.constant;
    return result;
  }

  static Parametric sum(const Parametric& a, const Parametric& b) {
    Parametric negated = b;
    for (auto& [v, c] : negated.coefficients) c = -c;
    negated.constant = -*negated.constant;
    return difference(a, negated);
  }

  // guard(t) ⇒ p(x, t) >= k, by Farkas' lemma: multipliers λ (non-negative for inequalities) with
  // Σ λ_j·a_j = -p (per variable) and Σ λ_j·b_j >= k - p_0. With `when`, required only where that holds.
  void requireAtLeast(const LinearTransition& t, const Parametric& p, int k,
                      const std::optional<smt::Term>& when = std::nullopt) {
    auto require = [&](const smt::Term& condition) {
      solver_.add(when ? smt::Term(z3::implies(*when, condition)) : condition);
    };
    std::map<unsigned, smt::Term> combination;
    smt::Term constants = context_.real_val(0);
    for (const its::Constraint& c : t.guard) {
      smt::Term lambda = context_.real_const(numbered("l", multipliers_++).c_str());
      if (!c.equality) solver_.add(lambda >= 0);
      for (const auto& [v, a] : c.expr.terms) {
        smt::Term term = realOf(context_, a) * lambda;
        auto it = combination.find(v);
        if (it == combination.end())
          combination.emplace(v, term);
        else
          it->second = it->second + term;
      }
      if (c.expr.constant != 0) constants = constants + realOf(context_, c.expr.constant) * lambda;
    }
    std::set<unsigned> indices;
    for (const auto& [v, e] : combination) indices.insert(v);
    for (const auto& [v, e] : p.coefficients) indices.insert(v);
    for (unsigned v : indices) {
      auto c = combination.find(v);
      auto q = p.coefficients.find(v);
      smt::Term lhs = c == combination.end() ? context_.real_val(0) : c->second;
      smt::Term rhs = q == p.coefficients.end() ? context_.real_val(0) : -q->second;
      require(lhs == rhs);
    }
    require(constants >= context_.real_val(k) - *p.constant);
  }

  void require(const smt::Term& fact) { solver_.add(fact); }
  z3::check_result check() { return smt::checkCounted(solver_, limits_); }

  // The functions of a model, scaled to integer coefficients (one factor for all, so relations between them hold).
  std::vector<RankingFunction> extract(const std::vector<std::map<its::LocationId, Parametric>>& functions) {
    z3::model model = solver_.get_model();
    std::vector<std::map<its::LocationId, std::vector<std::pair<int, std::pair<Integer, Integer>>>>> rational;
    Integer scale = 1;
    auto value = [&](const smt::Term& unknown) {
      smt::Term v = model.eval(unknown, true);
      Integer numerator = parse(v.numerator().get_decimal_string(0));
      Integer denominator = parse(v.denominator().get_decimal_string(0));
      scale = its::checkedMul(scale / its::gcd(scale, denominator), denominator);
      return std::make_pair(numerator, denominator);
    };
    std::vector<std::map<its::LocationId, std::pair<std::vector<std::pair<unsigned, std::pair<Integer, Integer>>>,
                                                    std::pair<Integer, Integer>>>>
        values(functions.size());
    for (size_t k = 0; k < functions.size(); ++k)
      for (const auto& [l, p] : functions[k]) {
        auto& entry = values[k][l];
        for (const auto& [v, c] : p.coefficients) entry.first.emplace_back(v, value(c));
        entry.second = value(*p.constant);
      }
    std::vector<RankingFunction> result;
    for (auto& function : values) {
      RankingFunction f;
      f.perLocation.resize(its_.locations.size());
      for (auto& [l, entry] : function) {
        LinearExpr e;
        for (auto& [v, q] : entry.first) {
          Integer c = its::checkedMul(q.first, scale / q.second);
          if (c != 0) e.terms.emplace_back(v, c);
        }
        e.constant = its::checkedMul(entry.second.first, scale / entry.second.second);
        f.perLocation[l] = e;
      }
      result.push_back(std::move(f));
    }
    return result;
  }

 private:
  static Integer parse(const std::string& text) {
    Integer v;
    if (!its::parseInteger(text, v)) throw its::ArithmeticOverflow();
    return v;
  }

  void add(Parametric& p, const LinearExpr& e, const smt::Term& factor) {
    for (const auto& [v, a] : e.terms) {
      smt::Term term = realOf(context_, a) * factor;
      auto it = p.coefficients.find(v);
      if (it == p.coefficients.end())
        p.coefficients.emplace(v, term);
      else
        it->second = it->second + term;
    }
    if (e.constant != 0) p.constant = *p.constant + realOf(context_, e.constant) * factor;
  }

  const LinearIts& its_;
  z3::context& context_;
  smt::Limits limits_;
  z3::solver solver_;
  std::map<its::LocationId, std::set<unsigned>> relevant_;
  unsigned functions_ = 0;
  unsigned multipliers_ = 0;
};

// A function's value at a location, and after a transition, as integer terms over the transition's variables.
struct IntegerView {
  IntegerView(const LinearIts& its, const LinearTransition& t, z3::context& context) : t(t), context(context) {
    for (size_t v = 0; v < its.variables.size(); ++v) variables.push_back(context.int_const(numbered("x", v).c_str()));
    for (unsigned k = 0; k < t.temporaries; ++k) temporaries.push_back(context.int_const(numbered("t", k).c_str()));
  }
  smt::Term before(const RankingFunction& f) const {
    return its::toZ3(*f.perLocation.at(t.from), context, variables, temporaries);
  }
  smt::Term after(const RankingFunction& f) const {
    LinearExpr e = f.perLocation.at(t.to)->substituted([&](unsigned v) { return t.update[v]; });
    return its::toZ3(e, context, variables, temporaries);
  }
  smt::Term guard() const {
    smt::Term g = context.bool_val(true);
    for (const its::Constraint& c : t.guard) g = g && its::toZ3(c, context, variables, temporaries);
    return g;
  }
  const LinearTransition& t;
  z3::context& context;
  std::vector<smt::Term> variables, temporaries;
};

bool valid(z3::context& context, const smt::Term& assumption, const smt::Term& claim, const smt::Limits& limits) {
  if (limits.deadline.expired()) return false;
  return smt::checkLinearIntegers(context, assumption && !claim, limits) == z3::unsat;
}

// Is f strictly decreasing (by at least 1) and bounded from below by 0 on transition t?
bool decreasesOn(const LinearIts& its, const LinearTransition& t, const RankingFunction& f, z3::context& context,
                 const smt::Limits& limits) {
  IntegerView view(its, t, context);
  return valid(context, view.guard(), view.before(f) - view.after(f) >= 1 && view.before(f) >= 0, limits);
}

// One function that never increases on the component, non-negative and decreasing on the transitions it removes:
// first decreasing on all of them (a linear ranking function), then on one given transition at a time (a program
// per transition, until the deadline). The single program of Alias et al. (bounded on all transitions, decreasing
// on as many as possible) was tried and dropped: Z3 4.8 ran for minutes on it, past every limit.
// `decreasingOn` chooses which of those programs are asked.
enum class Decreasing { OnAll, OnEachAlone, Both };
std::optional<RankingStep> lexicographicStep(const LinearIts& its, const std::vector<size_t>& component,
                                             z3::context& context, const RankingOptions& options,
                                             Decreasing decreasingOn = Decreasing::Both) {
  std::vector<std::optional<size_t>> targets;
  if (decreasingOn != Decreasing::OnEachAlone) targets.push_back(std::nullopt);
  if (component.size() > 1 && decreasingOn != Decreasing::OnAll)
    for (size_t i : component) targets.push_back(i);
  for (const std::optional<size_t>& target : targets) {
    if (options.deadline.expired()) return std::nullopt;
    Synthesis synthesis(its, component, context, options);
    auto f = synthesis.newFunction();
    for (size_t i : component) {
      const LinearTransition& t = its.transitions[i];
      bool decreasing = !target || *target == i;
      Parametric change = Synthesis::difference(f.at(t.from), synthesis.after(f.at(t.to), t));
      synthesis.requireAtLeast(t, change, decreasing ? 1 : 0);
      if (decreasing) synthesis.requireAtLeast(t, f.at(t.from), 0);
    }
    if (synthesis.check() != z3::sat) continue;
    RankingStep step;
    step.component = component;
    try {
      step.phases = synthesis.extract({f});
    } catch (const its::ArithmeticOverflow&) {
      continue;
    }
    for (size_t i : component)
      if (!target || *target == i ||
          decreasesOn(its, its.transitions[i], step.phases[0], context, limitsOf(options)))
        step.removed.push_back(i);
    return step;
  }
  return std::nullopt;
}

std::optional<RankingStep> nestedStep(const LinearIts& its, const std::vector<size_t>& component, unsigned depth,
                                      z3::context& context, const RankingOptions& options) {
  Synthesis synthesis(its, component, context, options);
  std::vector<std::map<its::LocationId, Parametric>> phases;
  for (unsigned k = 0; k < depth; ++k) phases.push_back(synthesis.newFunction());
  for (size_t i : component) {
    const LinearTransition& t = its.transitions[i];
    for (unsigned k = 0; k < depth; ++k) {
      Parametric change = Synthesis::difference(phases[k].at(t.from), synthesis.after(phases[k].at(t.to), t));
      if (k > 0) change = Synthesis::sum(change, phases[k - 1].at(t.from));
      synthesis.requireAtLeast(t, change, 1);
    }
    synthesis.requireAtLeast(t, phases[depth - 1].at(t.from), 0);
  }
  if (synthesis.check() != z3::sat) return std::nullopt;
  RankingStep step;
  step.component = component;
  try {
    step.phases = synthesis.extract(phases);
  } catch (const its::ArithmeticOverflow&) {
    return std::nullopt;
  }
  step.removed = component;
  return step;
}

// min(f1, f2) (or max(f1, f2)) decreases by at least 1 and stays non-negative on every transition of the component:
// for the minimum each transition is assigned the function whose value after it lies below both values before it,
// for the maximum the function whose value before it lies above both values after it (and is non-negative). The
// assignment is the solver's choice (a Boolean per transition guarding the two sets of Farkas conditions); the
// first transition's is fixed, the two functions being interchangeable.
std::optional<RankingStep> extremumStep(const LinearIts& its, const std::vector<size_t>& component,
                                        RankingStep::Extremum extremum, z3::context& context,
                                        const RankingOptions& options) {
  constexpr size_t kMaxTransitions = 12;
  if (component.size() < 2 || component.size() > kMaxTransitions || options.deadline.expired()) return std::nullopt;
  Synthesis synthesis(its, component, context, options);
  std::vector<std::map<its::LocationId, Parametric>> functions{synthesis.newFunction(), synthesis.newFunction()};
  for (size_t k = 0; k < component.size(); ++k) {
    const LinearTransition& t = its.transitions[component[k]];
    smt::Term second = context.bool_const(numbered("second", k).c_str());
    if (k == 0) synthesis.require(!second);
    for (int choice = 0; choice < 2; ++choice) {
      const auto& assigned = functions[choice];
      smt::Term when = choice ? second : !second;
      if (extremum == RankingStep::Extremum::Minimum) {
        Parametric below = synthesis.after(assigned.at(t.to), t);
        for (const auto& f : functions)
          synthesis.requireAtLeast(t, Synthesis::difference(f.at(t.from), below), 1, when);
      } else {
        const Parametric& above = assigned.at(t.from);
        for (const auto& f : functions)
          synthesis.requireAtLeast(t, Synthesis::difference(above, synthesis.after(f.at(t.to), t)), 1, when);
        synthesis.requireAtLeast(t, above, 0, when);
      }
    }
    if (extremum == RankingStep::Extremum::Minimum)
      for (const auto& f : functions) synthesis.requireAtLeast(t, f.at(t.from), 0);
  }
  if (synthesis.check() != z3::sat) return std::nullopt;
  RankingStep step;
  step.component = component;
  step.extremum = extremum;
  try {
    step.phases = synthesis.extract(functions);
  } catch (const its::ArithmeticOverflow&) {
    return std::nullopt;
  }
  step.removed = component;
  return step;
}

// `its` with `t` as its only transition.
LinearIts withOnly(const LinearIts& its, const LinearTransition& t) {
  LinearIts alone = its;
  alone.transitions = {t};
  return alone;
}

bool cannotBeTaken(const LinearIts& its, const LinearTransition& t, z3::context& context, const smt::Limits& limits) {
  return valid(context, IntegerView(its, t, context).guard(), context.bool_val(false), limits);
}

// A self-loop repeated 2, 3, ... kMaxRepetitions times in a row: the first repetition that cannot be taken, or that
// has a linear or nested ranking function of its own.
std::optional<RankingStep> unrolledStep(const LinearIts& its, size_t loop, z3::context& context,
                                        const RankingOptions& options) {
  constexpr unsigned kMaxRepetitions = 4;
  if (its.transitions[loop].from != its.transitions[loop].to) return std::nullopt;
  for (unsigned times = 2; times <= kMaxRepetitions && !options.deadline.expired(); ++times) {
    std::optional<LinearTransition> repeated;
    try {
      repeated = repetition(its, loop, times);
    } catch (const its::ArithmeticOverflow&) {
      return std::nullopt;
    }
    RankingStep step;
    step.component = {loop};
    step.removed = {loop};
    step.unrolled = times;
    if (!repeated || cannotBeTaken(its, *repeated, context, limitsOf(options))) return step;
    const LinearIts alone = withOnly(its, *repeated);
    std::optional<RankingStep> ranked = lexicographicStep(alone, {0}, context, options, Decreasing::OnAll);
    for (unsigned depth = 2; !ranked && depth <= options.maxPhases && !options.deadline.expired(); ++depth)
      ranked = nestedStep(alone, {0}, depth, context, options);
    if (!ranked) continue;
    step.phases = std::move(ranked->phases);
    return step;
  }
  return std::nullopt;
}

}  // namespace

std::optional<LinearTransition> repetition(const LinearIts& its, size_t loop, unsigned times) {
  const unsigned variables = static_cast<unsigned>(its.variables.size());
  const LinearTransition& t = its.transitions[loop];
  LinearTransition repeated = t;
  for (unsigned k = 1; k < times; ++k) repeated = its::compose(repeated, t, variables);
  if (!its::tidy(repeated, variables)) return std::nullopt;
  return repeated;
}

namespace {

// Can transition `second` be taken right after `first`?
bool canFollow(const LinearIts& its, const LinearTransition& first, const LinearTransition& second,
               z3::context& context, const smt::Limits& limits) {
  IntegerView before(its, first, context);
  LinearTransition shifted = second;
  // The second transition's temporaries are its own.
  std::vector<smt::Term> temporaries;
  for (unsigned k = 0; k < second.temporaries; ++k) temporaries.push_back(context.int_const(numbered("s", k).c_str()));
  std::vector<smt::Term> after;
  for (const LinearExpr& u : first.update) after.push_back(its::toZ3(u, context, before.variables, before.temporaries));
  smt::Term guard = context.bool_val(true);
  for (const its::Constraint& c : second.guard) guard = guard && its::toZ3(c, context, after, temporaries);
  return !valid(context, before.guard(), !guard, limits);
}

// Which transition of the component can follow which, as a graph over the component's positions.
std::vector<std::vector<int>> followers(const LinearIts& its, const std::vector<size_t>& component,
                                        z3::context& context, const smt::Limits& limits) {
  std::vector<std::vector<int>> successors(component.size());
  for (size_t a = 0; a < component.size(); ++a)
    for (size_t b = 0; b < component.size(); ++b) {
      const LinearTransition& first = its.transitions[component[a]];
      const LinearTransition& second = its.transitions[component[b]];
      if (first.to == second.from && canFollow(its, first, second, context, limits))
        successors[a].push_back(static_cast<int>(b));
    }
  return successors;
}

// How many ordered pairs of the component's transitions meet at a location (the questions a split asks).
size_t followingPairs(const LinearIts& its, const std::vector<size_t>& component) {
  size_t pairs = 0;
  for (size_t i : component)
    for (size_t j : component) pairs += its.transitions[i].to == its.transitions[j].from;
  return pairs;
}

constexpr size_t kPairsBeforeLinearFirst = 64;

// The component split along the transition graph (which transition can follow which, a dependency graph): every
// infinite run eventually stays in one cycle of it, so the cycles are proven apart, and a transition on none of them
// (e.g. an unsigned counter's wrap-around, which leaves the loop) is taken at most once per run through it.
// `successors` receives the graph, for the step's check.
std::optional<RankingStep> dependencyStep(const LinearIts& its, const std::vector<size_t>& component,
                                          z3::context& context, const RankingOptions& options,
                                          std::vector<std::vector<int>>& successors) {
  // Each pair is one small solver question; beyond this many the split costs more than it is likely to give.
  constexpr size_t kMaxPairs = 2500;
  if (followingPairs(its, component) > kMaxPairs) return std::nullopt;
  successors = followers(its, component, context, limitsOf(options));
  std::vector<int> scc = stronglyConnectedComponents(successors);
  std::map<int, std::vector<size_t>> parts;
  for (size_t a = 0; a < component.size(); ++a)
    for (int b : successors[a])
      if (scc[a] == scc[b]) {
        parts[scc[a]].push_back(component[a]);
        break;
      }
  RankingStep step;
  step.component = component;
  for (auto& [id, part] : parts) step.parts.push_back(std::move(part));
  if (step.parts.size() == 1 && step.parts.front().size() == component.size()) return std::nullopt;
  for (size_t i : component)
    if (std::none_of(step.parts.begin(), step.parts.end(), [&](const std::vector<size_t>& part) {
          return std::find(part.begin(), part.end(), i) != part.end();
        }))
      step.removed.push_back(i);
  return step;
}

// Does every cycle of the transition graph `successors` (over the step's component) lie in one part of the split?
bool splitHolds(const RankingStep& step, const std::vector<std::vector<int>>& successors) {
  auto partOf = [&](size_t i) -> std::optional<size_t> {
    for (size_t k = 0; k < step.parts.size(); ++k)
      if (std::find(step.parts[k].begin(), step.parts[k].end(), i) != step.parts[k].end()) return k;
    return std::nullopt;
  };
  std::vector<int> scc = stronglyConnectedComponents(successors);
  for (size_t a = 0; a < step.component.size(); ++a)
    for (int b : successors[a]) {
      if (scc[a] != scc[b]) continue;
      std::optional<size_t> from = partOf(step.component[a]), to = partOf(step.component[b]);
      if (!from || from != to) return false;
    }
  return true;
}

}  // namespace

bool checkStep(const LinearIts& its, const RankingStep& step, z3::context& context, const smt::Limits& limits) {
  if (step.unrolled > 1) {
    if (step.component.size() != 1 || step.removed != step.component) return false;
    const LinearTransition& loop = its.transitions[step.component.front()];
    if (loop.from != loop.to) return false;
    std::optional<LinearTransition> repeated;
    try {
      repeated = repetition(its, step.component.front(), step.unrolled);
    } catch (const its::ArithmeticOverflow&) {
      return false;
    }
    if (!repeated) return true;
    if (step.phases.empty()) return cannotBeTaken(its, *repeated, context, limits);
    RankingStep once = step;
    once.unrolled = 0;
    once.component = once.removed = {0};
    return checkStep(withOnly(its, *repeated), once, context, limits);
  }
  if (step.phases.empty()) return splitHolds(step, followers(its, step.component, context, limits));
  for (size_t i : step.component) {
    const LinearTransition& t = its.transitions[i];
    IntegerView view(its, t, context);
    for (const RankingFunction& f : step.phases)
      if (!f.perLocation.at(t.from) || !f.perLocation.at(t.to)) return false;
    bool removed = std::find(step.removed.begin(), step.removed.end(), i) != step.removed.end();
    smt::Term claim = context.bool_val(true);
    if (step.extremum != RankingStep::Extremum::None) {
      if (!removed) return false;
      auto combine = [&](const smt::Term& a, const smt::Term& b) {
        return step.extremum == RankingStep::Extremum::Minimum ? z3::min(a, b) : z3::max(a, b);
      };
      smt::Term before = view.before(step.phases[0]), after = view.after(step.phases[0]);
      for (size_t k = 1; k < step.phases.size(); ++k) {
        before = combine(before, view.before(step.phases[k]));
        after = combine(after, view.after(step.phases[k]));
      }
      claim = before - after >= 1 && before >= 0;
    } else if (step.phases.size() == 1) {
      const RankingFunction& f = step.phases[0];
      claim =
          removed ? (view.before(f) - view.after(f) >= 1 && view.before(f) >= 0) : view.before(f) - view.after(f) >= 0;
    } else {
      if (!removed) return false;
      for (size_t k = 0; k < step.phases.size(); ++k) {
        smt::Term change = view.before(step.phases[k]) - view.after(step.phases[k]);
        if (k > 0) change = change + view.before(step.phases[k - 1]);
        claim = claim && change >= 1;
      }
      claim = claim && view.before(step.phases.back()) >= 0;
    }
    if (!valid(context, view.guard(), claim, limits)) return false;
  }
  return true;
}

std::optional<std::vector<RankingStep>> proveComponent(const LinearIts& its, const std::vector<size_t>& component,
                                                       z3::context& context, const RankingOptions& options,
                                                       std::vector<size_t>* stuck) {
  // Linear programs beyond this many constraints can keep Z3 busy far past its time and resource limits.
  constexpr size_t kMaxConstraints = 6000;
  size_t constraints = 0;
  for (size_t i : component) constraints += its.transitions[i].guard.size();
  if (constraints > kMaxConstraints) {
    if (stuck) *stuck = component;
    return std::nullopt;
  }
  // A part of a split is strongly connected in the transition graph already: splitting it again finds nothing.
  struct Work {
    std::vector<size_t> transitions;
    bool split;
  };
  std::vector<RankingStep> steps;
  std::vector<Work> work{{component, false}};
  while (!work.empty()) {
    if (options.deadline.expired()) return std::nullopt;
    Work current = std::move(work.back());
    work.pop_back();
    std::optional<RankingStep> step;
    bool holds = false;
    // The split asks the solver about every pair of transitions that can follow each other; where there are many,
    // one linear program for a function decreasing on all of them is cheaper and often enough (a loop body of
    // sixteen paths).
    bool linearTried = !current.split && followingPairs(its, current.transitions) > kPairsBeforeLinearFirst;
    if (linearTried) step = lexicographicStep(its, current.transitions, context, options, Decreasing::OnAll);
    if (!step && !current.split) {
      // The split is built from the solver's answers on the integers; its check needs the graph, not the questions.
      std::vector<std::vector<int>> graph;
      step = dependencyStep(its, current.transitions, context, options, graph);
      holds = step && splitHolds(*step, graph);
    }
    if (!step)
      step = lexicographicStep(its, current.transitions, context, options,
                               linearTried ? Decreasing::OnEachAlone : Decreasing::Both);
    for (unsigned depth = 2; !step && depth <= options.maxPhases && !options.deadline.expired(); ++depth)
      step = nestedStep(its, current.transitions, depth, context, options);
    for (RankingStep::Extremum extremum : {RankingStep::Extremum::Minimum, RankingStep::Extremum::Maximum})
      if (!step) step = extremumStep(its, current.transitions, extremum, context, options);
    if (!step && current.transitions.size() == 1)
      step = unrolledStep(its, current.transitions.front(), context, options);
    if (step && (!step->phases.empty() || step->unrolled))
      holds = checkStep(its, *step, context, limitsOf(options));
    if (!holds) {
      if (stuck) *stuck = current.transitions;
      return std::nullopt;
    }
    if (step->phases.empty() && !step->unrolled) {
      for (std::vector<size_t>& part : step->parts) work.push_back({part, true});
    } else {
      std::vector<size_t> rest;
      for (size_t i : current.transitions)
        if (std::find(step->removed.begin(), step->removed.end(), i) == step->removed.end()) rest.push_back(i);
      for (std::vector<size_t>& part : its::cyclicComponents(its, rest)) work.push_back({std::move(part), false});
    }
    steps.push_back(std::move(*step));
  }
  return steps;
}

}  // namespace atropos::termination
