#include "driver/portfolio.h"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <variant>

#include "bmc/bmc.h"
#include "common/text.h"
#include "bmc/recurrence.h"
#include "falsifier/falsifier.h"
#include "interp/interp.h"
#include "symex/symex.h"

namespace atropos::driver {

namespace {

// The first round of executions is short: it decides programs without input and finds shallow violations, and a
// proof should not wait for it. The symbolic execution may then use most of what is left.
constexpr double kFirstTestingShare = 0.1;
constexpr double kFirstTestingSeconds = 0.25;
// When termination alone is asked, executions can only show that a program state recurs, and they do so early: on
// the SV-COMP termination tasks every lasso the executions found came within the first 79 runs. The first round
// stops after this many, so that a proof does not wait for thousands of quick runs that find nothing; the
// executions at the end go on as long as there is time. Nor does the round take longer than a tenth of a second
// then: long executions (a loop counting to a large bound) filled the quarter second on most terminating programs,
// half of their whole time, and the lassos they missed are found by the executions at the end (517 core tasks,
// 10 s: the median time of a TRUE 0.44 s -> 0.31 s, no verdict lost).
constexpr uint64_t kFirstTerminationRuns = 256;
constexpr double kFirstTerminationSeconds = 0.1;
constexpr double kSymbolicShare = 0.6;
// Bounded model checking comes before the symbolic execution, briefly (at most half a second, so that proofs of
// programs with unbounded loops do not wait for it): it decides the programs whose loops it can unwind completely
// and finds violations within small bounds quickly, but rarely proves a program with an unbounded loop, where the
// symbolic execution needs the time. Termination is not asked in that round: the symbolic execution proves most
// terminating programs in well under a second and finds most recurrent sets itself, so bounded lassos would only
// delay it. What is still open after the symbolic execution gets deeper bounds, lassos included.
constexpr double kBoundedShare = 0.15;
constexpr double kBoundedFirstSeconds = 0.5;
// Z3 may overrun a deadline a little (freeing a formula takes time): the deeper bounds stop this long before the end.
constexpr double kBoundedMarginSeconds = 0.3;
constexpr double kBoundedAgainShare = 0.75;
// Alone, it leaves a little time for the replay of its candidates.
constexpr double kBoundedAloneShare = 0.9;
// A recurrent set proven over the loop's state (bmc/recurrence.h), for the non-terminating loops whose states recur
// too late for executions and bounded lassos: after the symbolic execution, briefly.
constexpr double kRecurrentSetShare = 0.25;
constexpr double kRecurrentSetSeconds = 5;
// Under `c`, a proof that only a possible signed overflow kept from passing is tried once more over unbounded signed
// integers, briefly: the reason then tells what the program does without the overflow.
constexpr double kUnboundedHintShare = 0.1;
constexpr double kUnboundedHintSeconds = 3;

std::vector<Property> stillOpen(const std::vector<Outcome>& outcomes) {
  std::vector<Property> open;
  for (const Outcome& o : outcomes)
    if (o.verdict == Verdict::Unknown) open.push_back(o.property);
  return open;
}

// Replaces the outcome of each property that `better` decides.
void adopt(std::vector<Outcome>& outcomes, const std::vector<Outcome>& better) {
  for (const Outcome& b : better) {
    if (b.verdict == Verdict::Unknown) continue;
    for (Outcome& o : outcomes)
      if (o.property == b.property) o = b;
  }
}

// Cross-checking: a proof that an execution refutes is a soundness bug.
void checkAgreement(const std::vector<Outcome>& proved, const std::vector<Outcome>& tested) {
  for (const Outcome& p : proved)
    for (const Outcome& t : tested)
      if (p.property == t.property && p.verdict == Verdict::True && t.verdict == Verdict::False)
        throw std::logic_error("the engine " + p.engine + " proved " + std::string(propertyName(p.property)) +
                               " but an execution violates it");
}

// Says why an engine failed where the engines before it have nothing to say either.
void explainUnknowns(std::vector<Outcome>& outcomes, const std::vector<Outcome>& engine) {
  for (Outcome& o : outcomes)
    for (const Outcome& e : engine)
      if (o.property == e.property && o.verdict == Verdict::Unknown && e.verdict == Verdict::Unknown)
        o.reason += (o.reason.empty() ? "" : "; ") + e.reason;
}

// Appends to the reason of each property that only a possible signed overflow kept the symbolic execution from
// proving whether it holds over unbounded signed integers (`--semantics svcomp`).
void hintUnbounded(const frontend::Program& program, std::vector<Outcome>& outcomes,
                   const std::vector<Outcome>& symbolic, const std::function<Deadline(double)>& share) {
  std::vector<Property> blocked;
  for (const Outcome& o : symbolic)
    if (o.verdict == Verdict::Unknown && o.blockedBy == Check::SignedOverflow && o.property != Property::NoOverflow)
      blocked.push_back(o.property);
  // The time is taken from the engines after the symbolic execution: only when they have nothing else to decide.
  const bool othersOpen = std::any_of(outcomes.begin(), outcomes.end(), [&](const Outcome& o) {
    return o.verdict == Verdict::Unknown && std::find(blocked.begin(), blocked.end(), o.property) == blocked.end();
  });
  if (blocked.empty() || othersOpen) return;
  symex::Options options;
  options.semantics = Semantics::SvComp;
  options.deadline = share(kUnboundedHintShare).capped(std::chrono::duration<double>(kUnboundedHintSeconds));
  for (const Outcome& hint : symex::prove(program, blocked, options))
    for (Outcome& o : outcomes)
      if (o.property == hint.property && o.verdict == Verdict::Unknown)
        o.reason += hint.verdict == Verdict::True
                        ? "; over unbounded signed integers (--semantics svcomp) it holds"
                        : "; over unbounded signed integers (--semantics svcomp) it is not proven either";
}

// A non-termination the symbolic execution proved under svcomp comes with the draws that reach its recurrent set
// (symex.h). Replayed in C, the execution gives the counterexample its trace and the places of its inputs, which a
// witness needs. Where it does not replay (C's values leave the reading's, or the loop needs other draws than
// zeros), the proof stands without a counterexample.
void replayRecurrence(const interp::Interpreter& interpreter, Outcome& o, const Budget& budget) {
  if (o.property != Property::Termination || o.verdict != Verdict::False || !o.counterexample ||
      !o.counterexample->recurrence || o.counterexample->recurrence->states.empty() ||
      !o.counterexample->trace.empty())
    return;
  const Counterexample& cex = *o.counterexample;
  falsifier::RecurrentSetClaim claim;
  for (const NondetInput& in : cex.inputs) claim.stem.push_back(in.value);
  claim.uninitializedReadsZero = true;  // the stem draws nothing from uninitialized memory
  claim.head = cex.recurrence->head;
  claim.expression = cex.recurrence->states.front();
  claim.complete = cex.recurrence->complete;
  claim.engine = o.engine;
  claim.how = o.reason;
  falsifier::Options replay;
  replay.semantics = budget.semantics;
  replay.deadline = budget.deadline;
  replay.memoryBytes = budget.memoryBytes;
  Outcome confirmed = falsifier::confirmRecurrentSet(interpreter, claim, replay);
  if (confirmed.verdict == Verdict::False) {
    o = std::move(confirmed);
  } else {
    o.counterexample.reset();
    o.reason += "; its replay in C gave no counterexample (" + confirmed.reason + ")";
  }
}

// The outcomes in the order their properties were asked for.
void sortAsAsked(std::vector<Outcome>& outcomes, const std::vector<Property>& properties) {
  std::stable_sort(outcomes.begin(), outcomes.end(), [&](const Outcome& a, const Outcome& b) {
    return std::find(properties.begin(), properties.end(), a.property) <
           std::find(properties.begin(), properties.end(), b.property);
  });
}

}  // namespace

std::vector<Outcome> decideProperties(const frontend::Program& program, const std::vector<Property>& properties,
                                      const Budget& budget, PortfolioStatistics* statistics, Evidence* evidence) {
  // Where the IR does not show the program as termcomp reads it (frontend::Program::termCompObstacles), the
  // properties read there are left open, the others decided as usual.
  if (budget.semantics == Semantics::TermComp && !program.termCompObstacles.empty()) {
    std::vector<Property> inC;
    std::vector<Outcome> undecided;
    for (Property p : properties) {
      if (readingFor(p, budget.semantics) == Semantics::C)
        inC.push_back(p);
      else
        undecided.push_back(Outcome::unknown(
            p, program.termCompObstacles.front() + ": the IR has C's values there, not termcomp's (" +
                   counted(program.termCompObstacles.size(), "such place") + ")"));
    }
    if (!inC.empty()) {
      Budget c = budget;
      c.semantics = Semantics::C;
      std::vector<Outcome> decided = decideProperties(program, inC, c, statistics, evidence);
      undecided.insert(undecided.end(), decided.begin(), decided.end());
    }
    sortAsAsked(undecided, properties);
    return undecided;
  }
  auto created = interp::Interpreter::create(program);
  if (auto* why = std::get_if<std::string>(&created)) {
    std::vector<Outcome> outcomes;
    for (Property p : properties) outcomes.push_back(Outcome::unknown(p, *why));
    return outcomes;
  }
  const auto& interpreter = std::get<std::unique_ptr<interp::Interpreter>>(created);
  falsifier::Statistics totals;
  std::vector<falsifier::SuggestedRun> suggestions;
  std::vector<falsifier::SuggestedRun> starts;  // of executions deeper than bounded model checking reached
  auto test = [&](const std::vector<Property>& which, Deadline deadline, uint64_t seed, uint64_t maxRuns) {
    falsifier::Options options;
    options.maxGeneratedRuns = maxRuns;
    options.semantics = budget.semantics;
    options.suggestedRuns = suggestions;
    options.starts = starts;
    options.deadline = deadline;
    options.memoryBytes = budget.memoryBytes;
    options.seed = seed;
    if (budget.progress)
      options.progress = [&](const falsifier::Statistics& s) {
        budget.progress(PortfolioStatistics{totals.runs + s.runs, totals.steps + s.steps});
      };
    falsifier::Statistics stats;
    std::vector<Outcome> outcomes = falsifier::falsify(*interpreter, which, options, &stats);
    totals.runs += stats.runs;
    totals.steps += stats.steps;
    return outcomes;
  };

  auto share = [&](double fraction) {
    return budget.deadline.capped(std::chrono::duration<double>(budget.deadline.secondsLeft() * fraction));
  };
  std::vector<Outcome> outcomes;
  for (Property p : properties) outcomes.push_back(Outcome::unknown(p, ""));
  if (budget.testing) {
    const bool terminationAlone = properties == std::vector<Property>{Property::Termination};
    Deadline firstRound = share(kFirstTestingShare)
                              .capped(std::chrono::duration<double>(terminationAlone ? kFirstTerminationSeconds
                                                                                     : kFirstTestingSeconds));
    outcomes = test(properties, firstRound, 0x5eed, terminationAlone ? kFirstTerminationRuns : 0);
  }

  std::vector<Outcome> proved;
  std::vector<Property> open = budget.crossCheck ? properties : stillOpen(outcomes);
  // Bounded model checking on the open properties until `deadline`, its candidates replayed.
  // What bounded model checking said of each property so far: a deeper round replaces it in the reason.
  std::map<Property, std::string> boundedReasons;
  std::map<Semantics, unsigned> nextBound;  // where the deeper round goes on, per reading
  // One reading's properties: the encoding's wrap-around checks under `termcomp` must not cut no-overflow's paths.
  auto boundedCheckOf = [&](const std::vector<Property>& asked, Semantics reading, Deadline deadline) {
    bmc::Options options;
    options.deadline = deadline;
    options.semantics = reading;
    options.firstBound = nextBound.try_emplace(reading, 1u).first->second;
    if (budget.progress)
      options.progress = [&](unsigned bound, size_t checks) {
        budget.progress(PortfolioStatistics{totals.runs, totals.steps, bound, checks});
      };
    bmc::Result bounded = bmc::check(program, asked, options);
    nextBound[reading] = bounded.nextBound;
    std::vector<falsifier::SuggestedRun> candidates;
    for (bmc::CandidateRun& c : bounded.candidates)
      candidates.push_back(falsifier::SuggestedRun{std::move(c.inputs), c.uninitializedReadsZero, "bmc"});
    std::vector<falsifier::SuggestedRun> deeper;
    for (bmc::CandidateRun& c : bounded.deeperStarts)
      deeper.push_back(falsifier::SuggestedRun{std::move(c.inputs), c.uninitializedReadsZero, ""});
    std::vector<Outcome> replayed;
    if (!candidates.empty() || !deeper.empty()) {
      falsifier::Options replay;
      replay.semantics = budget.semantics;
      replay.suggestedRuns = std::move(candidates);
      // Of the starts, the deepest now (each start may run long); the executions at the end try them all.
      if (!deeper.empty()) replay.starts = {deeper.back()};
      replay.onlySuggested = true;
      replay.deadline = budget.deadline;  // a few executions, each cut at the interpreter's step limit
      replay.memoryBytes = budget.memoryBytes;
      replayed = falsifier::falsify(*interpreter, asked, replay);
    }
    starts.insert(starts.end(), deeper.begin(), deeper.end());
    if (budget.crossCheck) checkAgreement(bounded.outcomes, replayed);
    adopt(outcomes, replayed);
    if (!budget.crossCheck) adopt(outcomes, bounded.outcomes);
    std::vector<Outcome> unexplained;
    for (const Outcome& b : bounded.outcomes) {
      auto earlier = boundedReasons.find(b.property);
      if (earlier == boundedReasons.end()) {
        unexplained.push_back(b);
      } else {
        for (Outcome& o : outcomes)
          if (o.property == b.property && o.verdict == Verdict::Unknown)
            if (size_t at = o.reason.find(earlier->second); at != std::string::npos)
              o.reason.replace(at, earlier->second.size(), b.reason);
      }
      boundedReasons[b.property] = b.reason;
    }
    explainUnknowns(outcomes, unexplained);
    proved.insert(proved.end(), bounded.outcomes.begin(), bounded.outcomes.end());
    open = budget.crossCheck ? properties : stillOpen(outcomes);
  };
  // Bounded model checking of the properties asked, one reading after the other, sharing `deadline`.
  auto boundedCheck = [&](const std::vector<Property>& asked, Deadline deadline) {
    std::map<Semantics, std::vector<Property>> byReading;
    for (Property p : asked) byReading[readingFor(p, budget.semantics)].push_back(p);
    size_t left = byReading.size();
    for (const auto& [reading, group] : byReading) {
      const double seconds = deadline.secondsLeft() / static_cast<double>(left);
      boundedCheckOf(group, reading, deadline.capped(std::chrono::duration<double>(seconds)));
      --left;
    }
  };
  if (budget.bmc && !(budget.testing || budget.symex)) {
    if (!open.empty()) boundedCheck(open, share(kBoundedAloneShare));
  } else if (budget.bmc) {
    std::vector<Property> first = open;
    if (!budget.crossCheck) std::erase(first, Property::Termination);  // a cross-check has no second round
    if (!first.empty())
      boundedCheck(first, share(kBoundedShare).capped(std::chrono::duration<double>(kBoundedFirstSeconds)));
  }
  if (budget.symex && (!open.empty() || (evidence && (evidence->explain || evidence->wantDot || evidence->wantIts)))) {
    symex::Options options;
    options.semantics = budget.semantics;
    options.deadline = budget.testing ? share(kSymbolicShare) : budget.deadline;
    options.explain = evidence && evidence->explain;
    options.dot = evidence && evidence->wantDot;
    options.its = evidence && evidence->wantIts;
    symex::Evidence proof;
    std::vector<Outcome> symbolic = symex::prove(program, open, options, &proof);
    for (Outcome& o : symbolic) replayRecurrence(*interpreter, o, budget);
    if (budget.crossCheck) {
      std::vector<Outcome> tested = outcomes;
      checkAgreement(symbolic, tested);
      adopt(outcomes, symbolic);
      adopt(outcomes, tested);
    } else {
      adopt(outcomes, symbolic);
    }
    explainUnknowns(outcomes, symbolic);
    proved.insert(proved.end(), symbolic.begin(), symbolic.end());
    if (budget.semantics == Semantics::C && !budget.crossCheck) hintUnbounded(program, outcomes, symbolic, share);
    for (std::vector<uint64_t>& inputs : proof.suggestedInputs)
      suggestions.push_back(falsifier::SuggestedRun{std::move(inputs), false, ""});
    if (evidence) {
      evidence->explanation = std::move(proof.explanation);
      evidence->graph = std::move(proof.graph);
      evidence->its = std::move(proof.its);
    }
  }

  open = budget.crossCheck ? properties : stillOpen(outcomes);
  // A non-termination the symbolic execution proved but could not replay has no counterexample: a recurrent set of
  // bounded model checking may still give one.
  const bool unreplayedNonTermination = std::any_of(outcomes.begin(), outcomes.end(), [](const Outcome& o) {
    return o.property == Property::Termination && o.verdict == Verdict::False && !o.counterexample;
  });
  if (budget.bmc && budget.semantics != Semantics::TermComp && !budget.deadline.expired() &&
      (std::count(open.begin(), open.end(), Property::Termination) || unreplayedNonTermination)) {
    bmc::RecurrentSetOptions options;
    options.deadline = share(kRecurrentSetShare).capped(std::chrono::duration<double>(kRecurrentSetSeconds));
    if (std::optional<bmc::ProvenRecurrentSet> set = bmc::findRecurrentSet(program, options)) {
      falsifier::RecurrentSetClaim claim{std::move(set->stem), true, set->head, set->expression, set->complete, "bmc",
                                         "bounded model checking found a set of states at the loop head that every "
                                         "iteration returns to, whatever it draws (" +
                                             std::to_string(set->facts) + (set->facts == 1 ? " fact" : " facts") + ", proven bit-precisely)"};
      falsifier::Options replay;
      replay.deadline = budget.deadline;
      replay.memoryBytes = budget.memoryBytes;
      const Outcome confirmed = falsifier::confirmRecurrentSet(*interpreter, claim, replay);
      if (budget.crossCheck) checkAgreement(proved, {confirmed});
      if (!budget.crossCheck) adopt(outcomes, {confirmed});
      if (confirmed.verdict == Verdict::Unknown) explainUnknowns(outcomes, {confirmed});
    }
  }

  open = budget.crossCheck ? properties : stillOpen(outcomes);
  // What the symbolic execution left open gets deeper bounds, before executions take the rest of the time.
  if (budget.bmc && budget.symex && !budget.crossCheck && !open.empty() && !budget.deadline.expired())
    boundedCheck(open, (budget.testing ? share(kBoundedAgainShare) : budget.deadline)
                           .capped(std::chrono::duration<double>(
                               std::max(0.0, budget.deadline.secondsLeft() - kBoundedMarginSeconds))));

  open = budget.crossCheck ? properties : stillOpen(outcomes);
  if (budget.testing && !open.empty() && !budget.deadline.expired()) {
    std::vector<Outcome> tested = test(open, budget.deadline, 0xa770905, 0);
    if (budget.crossCheck) {
      checkAgreement(proved, tested);
      for (const Outcome& t : tested)
        for (Outcome& o : outcomes)
          if (o.property == t.property && o.verdict == Verdict::Unknown) o = t;
    } else {
      adopt(outcomes, tested);
    }
  }

  for (Outcome& o : outcomes)
    if (o.reason.empty()) o.reason = "no engine decided it in the time given";
  sortAsAsked(outcomes, properties);
  if (statistics) {
    statistics->executions = totals.runs;
    statistics->steps = totals.steps;
  }
  return outcomes;
}

}  // namespace atropos::driver
