#include "its/vanishing.h"

#include <algorithm>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include "its/linear.h"
#include "smt/solver.h"

namespace atropos::its {

namespace {

// The system's variables that occur in a factor of a product of non-numerals, or in a division by a non-numeral,
// in `e`.
void collectNonLinearlyRead(const z3::expr& e, const std::unordered_set<unsigned>& variables,
                            std::unordered_set<unsigned>& visited, std::set<unsigned>& read) {
  if (!e.is_app() || !visited.insert(e.id()).second) return;
  const Z3_decl_kind kind = e.decl().decl_kind();
  auto note = [&](const z3::expr& factor) {
    std::set<unsigned> seen;
    std::vector<smt::Term> symbols;
    smt::collectSymbols(factor, seen, symbols);
    for (const smt::Term& s : symbols)
      if (variables.count(s.id())) read.insert(s.id());
  };
  if (kind == Z3_OP_MUL) {
    unsigned nonNumerals = 0;
    for (unsigned k = 0; k < e.num_args(); ++k) nonNumerals += e.arg(k).is_numeral() ? 0 : 1;
    if (nonNumerals >= 2)
      for (unsigned k = 0; k < e.num_args(); ++k) note(e.arg(k));
  } else if (kind == Z3_OP_POWER) {
    note(e.arg(0));
  } else if ((kind == Z3_OP_IDIV || kind == Z3_OP_MOD || kind == Z3_OP_REM) && !e.arg(1).is_numeral()) {
    note(e.arg(0));
    note(e.arg(1));
  }
  for (unsigned k = 0; k < e.num_args(); ++k) collectNonLinearlyRead(e.arg(k), variables, visited, read);
}

class Splitter {
 public:
  Splitter(const Its& its, const VanishingLimits& limits) : its_(its), limits_(limits), context_(*its.context) {
    for (const smt::Term& v : its.variables) variableIds_.insert(v.id());
  }

  std::optional<CasesOfVanishing> split() {
    std::set<unsigned> readNonLinearly;
    std::unordered_set<unsigned> visited;
    for (const Transition& t : its_.transitions)
      for (const z3::expr& e : inlined(t)) collectNonLinearlyRead(e, variableIds_, visited, readNonLinearly);
    if (readNonLinearly.empty()) return std::nullopt;

    std::vector<std::vector<unsigned>> vanishing(its_.locations.size());
    bool useful = false;
    for (LocationId l = 0; l < its_.locations.size(); ++l) {
      std::vector<const Transition*> loops;
      for (const Transition& t : its_.transitions)
        if (t.from == l && t.to == l) loops.push_back(&t);
      if (loops.empty()) continue;
      vanishing[l] = vanishingAt(loops);
      if (limits_.deadline.expired()) return std::nullopt;
      useful = useful || std::any_of(vanishing[l].begin(), vanishing[l].end(), [&](unsigned v) {
                 return readNonLinearly.count(its_.variables[v].id()) != 0;
               });
    }
    if (!useful) return std::nullopt;

    Its result(context_);
    result.locations = its_.locations;
    result.variables = its_.variables;
    result.start = its_.start;
    result.everyLocationStarts = its_.everyLocationStarts;
    result.cutPoints = its_.cutPoints;
    for (const Transition& t : its_.transitions) {
      if (t.from != t.to || vanishing[t.from].empty()) {
        result.transitions.push_back(t);
        continue;
      }
      for (const Transition& piece : cases(t, vanishing[t.from])) result.transitions.push_back(piece);
    }
    return CasesOfVanishing{std::move(result), std::move(vanishing)};
  }

 private:
  // The variables that vanish at a location with self-loops `loops`, each found with the earlier ones at zero.
  std::vector<unsigned> vanishingAt(const std::vector<const Transition*>& loops) {
    std::vector<unsigned> found;
    for (bool progress = true; progress && found.size() < limits_.maxVariables;) {
      progress = false;
      // The loops with the variables found so far at zero, linearized once for every candidate.
      std::vector<LinearTransition> zeroed;
      for (const Transition* t : loops)
        if (!linearizeInto(withZeros(*t, found, ""), zeroed)) return found;
      for (unsigned v = 0; v < its_.variables.size() && !progress; ++v) {
        if (std::find(found.begin(), found.end(), v) != found.end()) continue;
        // A value no loop changes vanishes only where it is zero throughout: no case of its own.
        if (std::all_of(loops.begin(), loops.end(), [&](const Transition* t) {
              return z3::eq(t->update[v], its_.variables[v]);
            }))
          continue;
        if (limits_.deadline.expired()) return found;
        if (movesToZero(zeroed, v)) {
          found.push_back(v);
          progress = true;
        }
      }
    }
    return found;
  }

  // Appends the linear transitions of `t` to `out`; false when it has none (out of time, or a coefficient beyond
  // 128 bits).
  bool linearizeInto(const Transition& t, std::vector<LinearTransition>& out) const {
    Its single(context_);
    single.locations = its_.locations;
    single.variables = its_.variables;
    single.transitions.push_back(t);
    try {
      for (LinearTransition& lt : linearize(single, LinearizeLimits{.deadline = limits_.deadline}).transitions)
        out.push_back(std::move(lt));
    } catch (const std::exception&) {
      return false;
    }
    return true;
  }

  // Whether every one of the linear transitions `loops` moves variable v toward 0 without crossing it and keeps it
  // at 0.
  bool movesToZero(const std::vector<LinearTransition>& loops, unsigned v) {
    for (const LinearTransition& lt : loops) {
      std::vector<smt::Term> variables, temporaries;
      for (unsigned k = 0; k < its_.variables.size(); ++k) variables.push_back(fresh("v"));
      for (unsigned k = 0; k < lt.temporaries; ++k) temporaries.push_back(fresh("t"));
      const smt::Limits solverLimits{limits_.queryMillis, limits_.deadline, limits_.smtLog};
      z3::solver solver = smt::makeSolver(context_, smt::Procedure::LinearIntegers, solverLimits);
      for (const Constraint& c : lt.guard) solver.add(toZ3(c, context_, variables, temporaries));
      const smt::Term x = variables[v];
      const smt::Term next = toZ3(lt.update[v], context_, variables, temporaries);
      solver.add(!(z3::implies(x >= 1, next >= 0 && next <= x - 1) && z3::implies(x <= -1, next <= 0 && next >= x + 1) &&
                   z3::implies(x == 0, next == 0)));
      if (smt::checkCounted(solver, solverLimits) != z3::unsat) return false;
    }
    return true;
  }

  smt::Term fresh(const char* prefix) {
    return context_.int_const((std::string("vanishing!") + prefix + std::to_string(fresh_++)).c_str());
  }

  // The guard and the updates of `t` with the temporaries that the guard defines inlined (smt::withDefinitionsInlined).
  z3::expr_vector inlined(const Transition& t) const {
    z3::expr_vector terms(context_);
    terms.push_back(t.guard);
    for (const smt::Term& u : t.update) terms.push_back(u);
    return smt::withDefinitionsInlined(terms, t.guard,
                                       [&](const z3::expr& s) { return variableIds_.count(s.id()) != 0; });
  }

  // `t` with the variables `zeros` at zero: required by its guard and put into its guard and update. The
  // temporaries that the guard defines are inlined first, so that a product whose factor is a temporary defined
  // as a product with a zero (r * t where t == q * 16) vanishes too.
  Transition withZeros(const Transition& t, const std::vector<unsigned>& zeros, const std::string& note) const {
    if (zeros.empty()) return t;
    const z3::expr_vector terms = inlined(t);
    z3::expr_vector from(context_), to(context_);
    smt::Term atZero = context_.bool_val(true);
    for (unsigned v : zeros) {
      from.push_back(its_.variables[v]);
      to.push_back(context_.int_val(0));
      atZero = atZero && its_.variables[v] == 0;
    }
    Transition result{t.from, t.to, (atZero && terms[0].substitute(from, to)).simplify(), {}, t.origin + note};
    for (unsigned k = 1; k < terms.size(); ++k) result.update.push_back(terms[k].substitute(from, to).simplify());
    return result;
  }

  // The cases of a self-loop: "x1 != 0" (as x1 >= 1 and x1 <= -1), "x1 == 0 && x2 != 0", ..., and all zero.
  std::vector<Transition> cases(const Transition& t, const std::vector<unsigned>& vanishing) const {
    std::vector<Transition> result;
    std::string zerosNote;
    for (size_t k = 0; k <= vanishing.size(); ++k) {
      const std::vector<unsigned> zeros(vanishing.begin(), vanishing.begin() + static_cast<std::ptrdiff_t>(k));
      if (k == vanishing.size()) {
        result.push_back(withZeros(t, zeros, " (case " + zerosNote + ")"));
        break;
      }
      const smt::Term x = its_.variables[vanishing[k]];
      const std::string name = x.decl().name().str();
      const std::string prefix = zerosNote.empty() ? "" : zerosNote + ", ";
      Transition positive = withZeros(t, zeros, " (case " + prefix + name + " > 0)");
      positive.guard = positive.guard && x >= 1;
      Transition negative = withZeros(t, zeros, " (case " + prefix + name + " < 0)");
      negative.guard = negative.guard && x <= -1;
      result.push_back(std::move(positive));
      result.push_back(std::move(negative));
      zerosNote = prefix + name + " == 0";
    }
    return result;
  }

  const Its& its_;
  const VanishingLimits& limits_;
  z3::context& context_;
  std::unordered_set<unsigned> variableIds_;
  unsigned fresh_ = 0;
};

}  // namespace

std::optional<CasesOfVanishing> splitWhereVariablesVanish(const Its& its, const VanishingLimits& limits) {
  return Splitter(its, limits).split();
}

}  // namespace atropos::its
