#include "termination/prover.h"

#include <algorithm>
#include <set>
#include <sstream>

#include "common/text.h"
#include "its/affine_invariants.h"
#include "its/cycle_invariants.h"
#include "its/guard_invariants.h"
#include "its/intervals.h"
#include "its/polynomial.h"
#include "its/simplify.h"
#include "its/vanishing.h"
#include "smt/failure.h"
#include "smt/printing.h"

namespace atropos::termination {

const char* answerName(Answer a) {
  switch (a) {
    case Answer::Yes: return "YES";
    case Answer::No: return "NO";
    case Answer::Maybe: return "MAYBE";
  }
  return "MAYBE";
}

namespace {

smt::Limits limitsOf(const ProverOptions& options) {
  return smt::Limits{options.queryMillis, options.deadline, options.smtLog};
}

// Linearizes and simplifies `its` into proof.system and looks for ranking functions for each of its cycles: the
// reason when some cycle has none, with proof.unproven naming its transitions.
std::optional<std::string> rankCycles(const its::Its& its, z3::context& context, const ProverOptions& options,
                                      Proof& proof, bool mergeSameEffect = true, bool invariants = false) {
  its::LinearizeLimits linearizeLimits;
  linearizeLimits.deadline = options.deadline;
  proof.system = its::linearize(its, linearizeLimits);
  proof.underIntervalInvariants = its::strengthenWithIntervals(proof.system, options.deadline) > 0;
  if (invariants) {
    proof.underAffineInvariants =
        its::strengthenWithAffineInvariants(proof.system, context, limitsOf(options)) > 0;
    proof.underGuardInvariants =
        its::strengthenWithGuardInvariants(proof.system, context, limitsOf(options)) > 0;
  }
  its::SimplifyLimits limits;
  limits.deadline = options.deadline;
  limits.queryMillis = options.queryMillis;
  limits.smtLog = options.smtLog;
  limits.mergeSameEffect = mergeSameEffect;
  proof.weakenedByMerging = its::simplify(proof.system, context, limits);
  if (invariants) {
    // Only now: the invariants of the cycles do not hold on a cycle's first transitions, so they must not take part
    // in what simplification decides about reaching the cycles (a path into a cycle through its first transitions).
    proof.cycleInvariants =
        its::strengthenWithCycleInvariants(proof.system, context, limitsOf(options));
    proof.underCycleInvariants = std::any_of(proof.cycleInvariants.begin(), proof.cycleInvariants.end(),
                                             [](const std::vector<its::Constraint>& c) { return !c.empty(); });
    proof.splitByWhatFollows = its::splitByWhatFollows(proof.system, context, limits);
  }
  RankingOptions ranking{options.deadline, options.queryMillis, options.maxPhases, options.smtLog};
  for (const std::vector<size_t>& component : its::cyclicComponents(proof.system)) {
    std::optional<std::vector<RankingStep>> steps =
        proveComponent(proof.system, component, context, ranking, &proof.unproven);
    if (!steps) {
      const its::LinearTransition& t =
          proof.system.transitions[proof.unproven.empty() ? component.front() : proof.unproven.front()];
      proof.steps.clear();
      return options.deadline.expired() ? "the time ran out"
                                        : "no ranking function was found for the cycle through " +
                                              proof.system.locations[t.from];
    }
    proof.steps.insert(proof.steps.end(), steps->begin(), steps->end());
  }
  return std::nullopt;
}

// `options` with at most `share` of the time left.
ProverOptions withShareOfTimeLeft(const ProverOptions& options, double share) {
  ProverOptions limited = options;
  limited.deadline = options.deadline.capped(std::chrono::duration<double>(options.deadline.secondsLeft() * share));
  return limited;
}

// Products that vanish once a loop has driven a factor to zero: the proof with the loops' iterations split by which
// of those variables are zero (its/vanishing.h). In half of the time left at most, so that a run that never ends can
// still be looked for.
std::optional<Proof> proveByCasesOfVanishing(const its::Its& its, z3::context& context, const ProverOptions& options) {
  const ProverOptions limited = withShareOfTimeLeft(options, 0.5);
  try {
    std::optional<its::CasesOfVanishing> split =
        its::splitWhereVariablesVanish(its,
                                       its::VanishingLimits{.deadline = limited.deadline, .smtLog = limited.smtLog});
    if (!split) return std::nullopt;
    Proof byCases;
    byCases.casesOfVanishing.resize(split->vanishing.size());
    for (size_t l = 0; l < split->vanishing.size(); ++l)
      for (unsigned v : split->vanishing[l]) byCases.casesOfVanishing[l].push_back(its.variables[v].decl().name().str());
    if (rankCycles(split->its, context, limited, byCases)) return std::nullopt;
    return byCases;
  } catch (const its::OutOfTime&) {
    return std::nullopt;
  }
}

// Whether one of `transitions` adds to a variable another one that some of them change (x' = x + y, y' = y - 1):
// where none does, the squares of the values hold nothing a linear ranking function lacks.
bool accumulates(const its::LinearIts& system, const std::vector<size_t>& transitions) {
  const unsigned n = static_cast<unsigned>(system.variables.size());
  std::vector<bool> changing(n, false);
  for (size_t i : transitions)
    for (unsigned v = 0; v < n; ++v)
      if (!(system.transitions[i].update[v] == its::LinearExpr::variable(v))) changing[v] = true;
  for (size_t i : transitions)
    for (unsigned v = 0; v < n; ++v)
      for (const auto& [w, c] : system.transitions[i].update[v].terms)
        if (w != v && w < n && changing[w]) return true;
  return false;
}

// The proof of termination, or of non-termination, of `its`. Throws when the solver fails, the time runs out or a
// coefficient grows too large.
Proof searchProof(const its::Its& its, z3::context& context, const ProverOptions& options) {
  Proof proof;
  std::optional<std::string> unproven = rankCycles(its, context, options, proof);
  // Merged branches may follow each other where the original ones cannot: once more without merging.
  if (unproven && proof.weakenedByMerging && !options.deadline.expired()) {
    Proof unmerged;
    if (!rankCycles(its, context, options, unmerged, false)) {
      proof = std::move(unmerged);
      unproven.reset();
    }
  }
  // What the guards into each location require of values kept on the way may hold there throughout, and what
  // the transitions of a cycle establish holds once a run has gone round it: once more with those invariants
  // (their search costs a solver call per candidate and transition, so only now), merged and then not.
  if (unproven && !options.deadline.expired()) {
    // A quarter of the time left at most: on a large system the candidates are many, and a run that never ends
    // may still be there to find.
    const ProverOptions limited = withShareOfTimeLeft(options, 0.25);
    for (bool merged : {true, false}) {
      Proof underInvariants;
      if (!rankCycles(its, context, limited, underInvariants, merged, true)) {
        proof = std::move(underInvariants);
        unproven.reset();
        break;
      }
      if (!underInvariants.weakenedByMerging || limited.deadline.expired()) break;
    }
  }
  // Products of variables read as arbitrary values by the linear techniques: as variables of their own, with the
  // updates their factors give them, a ranking function may exist (its/polynomial.h).
  // And where the system has no products, the squares of the values it changes (x += y; y-- has the ranking
  // function 2*x + y*y + 2*y).
  if (unproven && !options.deadline.expired()) {
    ProverOptions lifting = options;
    std::optional<its::Its> lifted = its::liftProducts(its, its::LiftLimits{.deadline = options.deadline});
    // The squares are a guess: a quarter of the time left at most, as for the invariants.
    if (!lifted && accumulates(proof.system, proof.unproven)) {
      lifting = withShareOfTimeLeft(options, 0.25);
      lifted = its::liftProducts(its, its::LiftLimits{.squaresOfChangingValues = true, .deadline = lifting.deadline});
    }
    Proof overProducts;
    overProducts.productsLifted = true;
    if (lifted && !rankCycles(*lifted, context, lifting, overProducts)) {
      proof = std::move(overProducts);
      unproven.reset();
    }
  }
  if (unproven && !options.deadline.expired())
    if (std::optional<Proof> byCases = proveByCasesOfVanishing(its, context, options)) {
      proof = std::move(*byCases);
      unproven.reset();
    }
  if (!unproven) {
    proof.answer = Answer::Yes;
    return proof;
  }
  proof.reason = *unproven;
  if (options.tryNonTermination && !options.deadline.expired()) {
    NonTerminationOptions search;
    search.deadline = options.deadline;
    search.queryMillis = options.queryMillis;
    search.smtLog = options.smtLog;
    proof.witness = findRecurrentSet(its, context, search);
    if (proof.witness) proof.answer = Answer::No;
  }
  return proof;
}

}  // namespace

Proof proveTermination(const its::Its& its, z3::context& context, const ProverOptions& options) {
  Proof proof;
  try {
    if (const std::optional<smt::SolverFailure> failure =
            smt::attempt([&] { proof = searchProof(its, context, options); })) {
      proof = Proof{};
      proof.reason = failure->reason();
    }
  } catch (const its::OutOfTime& e) {
    proof = Proof{};
    proof.reason = e.what();
  } catch (const its::ArithmeticOverflow& e) {
    proof = Proof{};
    proof.reason = std::string("a coefficient grew too large: ") + e.what();
  }
  return proof;
}

std::optional<std::vector<its::LinearExpr>> lexicographicAt(const Proof& proof, its::LocationId l) {
  if (proof.answer != Answer::Yes || proof.productsLifted || proof.underCycleInvariants ||
      std::any_of(proof.casesOfVanishing.begin(), proof.casesOfVanishing.end(),
                  [](const std::vector<std::string>& c) { return !c.empty(); }))
    return std::nullopt;
  // A closed walk from l to l stays within the component of every step whose component holds all of its
  // transitions. The steps that touch l form a chain of nested components (one per level of the proof), and the
  // first of them whose function decreases on one of the walk's transitions gives the decrease, as long as every
  // step of the chain has a function: a step that only splits by which transition can follow which would let the
  // walk leave the part it started in.
  std::vector<its::LinearExpr> tuple;
  const std::vector<size_t>* enclosing = nullptr;
  for (const RankingStep& step : proof.steps) {
    const bool touches = std::any_of(step.component.begin(), step.component.end(),
                                     [&](size_t i) { return proof.system.transitions[i].from == l; });
    if (!touches) continue;
    if (step.phases.size() != 1 || step.extremum != RankingStep::Extremum::None || step.unrolled) return std::nullopt;
    if (enclosing && !std::all_of(step.component.begin(), step.component.end(), [&](size_t i) {
          return std::find(enclosing->begin(), enclosing->end(), i) != enclosing->end();
        }))
      return std::nullopt;
    const std::vector<std::optional<its::LinearExpr>>& functions = step.phases.front().perLocation;
    if (l >= functions.size() || !functions[l]) return std::nullopt;
    tuple.push_back(*functions[l]);
    enclosing = &step.component;
  }
  if (tuple.empty()) return std::nullopt;
  return tuple;
}

std::string describe(const Proof& proof,
                     const std::function<std::string(its::LocationId, const std::string&)>& name) {
  std::string text;
  for (const ProofSection& section : describeSections(proof, name)) text += section.text;
  return text;
}

std::vector<ProofSection> describeSections(
    const Proof& proof, const std::function<std::string(its::LocationId, const std::string&)>& name) {
  std::vector<ProofSection> sections(1);
  std::ostringstream out;
  auto endSection = [&] {
    sections.back().text = out.str();
    out.str("");
    if (sections.back().text.empty()) sections.pop_back();
  };
  // A section of the cycle the transitions form, through the locations they leave or enter.
  auto startSection = [&](const std::vector<size_t>& transitions) {
    endSection();
    std::set<its::LocationId> locations;
    for (size_t i : transitions) {
      locations.insert(proof.system.transitions[i].from);
      locations.insert(proof.system.transitions[i].to);
    }
    sections.push_back(ProofSection{std::vector<its::LocationId>(locations.begin(), locations.end()), {}});
    return locations;
  };
  // A product variable's name is its factors' names joined by '*': each factor is renamed.
  auto rename = [&](its::LocationId l, const std::string& variable) {
    if (!proof.productsLifted) return name(l, variable);
    std::string renamed;
    for (size_t begin = 0, end; begin <= variable.size(); begin = end + 1) {
      end = std::min(variable.find('*', begin), variable.size());
      renamed += (begin ? "*" : "") + name(l, variable.substr(begin, end - begin));
    }
    return renamed;
  };
  auto namesAt = [&](its::LocationId l) {
    std::vector<std::string> names = proof.system.variables;
    if (name)
      for (std::string& n : names) n = rename(l, n);
    return names;
  };
  if (proof.answer == Answer::Yes) {
    if (proof.underIntervalInvariants)
      out << "under the bounds every run from the start keeps at each location (interval invariants)\n";
    if (proof.underAffineInvariants)
      out << "under the affine equalities every run from the start keeps at each location (affine invariants)\n";
    if (proof.underGuardInvariants)
      out << "under what the guards into each location require of values kept there (invariants from the guards)\n";
    if (proof.underCycleInvariants) {
      out << "under what the transitions of each cycle establish at their targets, from a run's first rounds of the "
             "cycle on (invariants of the cycles):\n";
      for (its::LocationId l = 0; l < proof.cycleInvariants.size(); ++l) {
        if (proof.cycleInvariants[l].empty()) continue;
        out << "  at " << proof.system.locations[l] << ": " << its::toString(proof.cycleInvariants[l], namesAt(l))
            << "\n";
      }
    }
    if (proof.splitByWhatFollows)
      out << "with the transitions of the cycles split by which guards at their targets hold after them\n";
    if (proof.productsLifted)
      out << "over products of variables as variables of their own (each updated as its factors are)\n";
    for (its::LocationId l = 0; l < proof.casesOfVanishing.size(); ++l)
      if (!proof.casesOfVanishing[l].empty()) {
        const std::vector<std::string>& vanishing = proof.casesOfVanishing[l];
        out << "the loops at " << proof.system.locations[l] << " split into cases by "
            << (vanishing.size() == 1 ? "whether " : "which of ");
        for (size_t k = 0; k < vanishing.size(); ++k) out << (k ? ", " : "") << (name ? name(l, vanishing[k]) : vanishing[k]);
        out << (vanishing.size() == 1 ? " is zero (it moves" : " are zero (each moves") << " toward 0 and stays there)\n";
      }
    if (proof.steps.empty()) out << "no cycle is left after simplification: every run is finite\n";
    for (const RankingStep& step : proof.steps) {
      const std::set<its::LocationId> locations = startSection(step.component);
      out << "cycle through";
      for (its::LocationId l : locations) out << " " << proof.system.locations[l];
      out << " (" << counted(step.component.size(), "transition") << "): ";
      if (step.unrolled) {
        out << "repeated " << step.unrolled << " times in a row, the loop ";
        if (step.phases.empty())
          out << "cannot be taken";
        else if (step.phases.size() == 1)
          out << "has a linear ranking function (below, of the repetition)";
        else
          out << numbered("has a nested ranking function of ", step.phases.size())
              << " phases (below, of the repetition)";
      } else if (step.phases.empty()) {
        out << "split by which transition can follow which into " << counted(step.parts.size(), "cycle");
        if (!step.removed.empty()) out << "; " << step.removed.size() << " on none of them (taken finitely often)";
      }
      else if (step.extremum != RankingStep::Extremum::None) {
        out << "ranking function " << (step.extremum == RankingStep::Extremum::Minimum ? "min(" : "max(");
        for (size_t k = 0; k < step.phases.size(); ++k) out << (k ? ", f" : "f") << k + 1;
        out << ")";
      }
      else if (step.phases.size() == 1)
        out << (step.removed.size() == step.component.size()
                    ? "linear ranking function"
                    : numbered("ranking function for ", step.removed.size()) + " of them (the others do not increase it)");
      else
        out << "nested ranking function of " << step.phases.size() << " phases";
      out << "\n";
      for (its::LocationId l : locations)
        for (size_t k = 0; k < step.phases.size(); ++k) {
          const auto& f = step.phases[k].perLocation[l];
          if (!f) continue;
          out << "  at " << proof.system.locations[l];
          if (step.phases.size() > 1) out << " f" << k + 1;
          out << ": " << its::toString(*f, namesAt(l)) << "\n";
        }
    }
  } else if (proof.answer == Answer::No && proof.witness) {
    const RecurrentSet& w = *proof.witness;
    endSection();
    sections.push_back(ProofSection{{w.head}, {}});
    out << "a run that never ends (" << w.kind << "): " << w.stem.size() << " transitions from the start, then ";
    if (w.cycles.size() == 1)
      out << "the cycle of " << w.cycles.front().size() << " transitions";
    else
      out << "one of " << w.cycles.size() << " cycles through the location at a time";
    out << " forever, from a state with " << smt::infix(w.states.simplify()) << "\n";
  } else {
    startSection(proof.unproven);
    out << proof.reason << "\n";
    if (!proof.unproven.empty()) out << "the transitions of that cycle:\n";
    for (size_t i : proof.unproven) out << "  " << its::toString(proof.system.transitions[i], proof.system) << "\n";
  }
  endSection();
  return sections;
}

}  // namespace atropos::termination
