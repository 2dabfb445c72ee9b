#include "portfolio.h"

#include <algorithm>
#include <chrono>
#include <ctime>
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
// proof should not wait for it. The symbolic execution may then use most of what is left. On the 635 valid-memsafety
// tasks every violation this round found came within 0.02 s of executions but one (0.19 s), while the programs that
// the symbolic execution proved spent a median of 0.25 s here, the round's former length (median CPU of those
// answers 0.71 s); what a shorter round misses, the executions at the end still find.
constexpr double kFirstTestingShare = 0.1;
constexpr double kFirstTestingSeconds = 0.03;
// When termination alone is asked, executions can only show that a program state recurs, and they do so early: on
// the SV-COMP termination tasks every lasso the executions found came within the first 79 runs. The first round
// stops after this many, so that a proof does not wait for thousands of quick runs that find nothing; the
// executions at the end go on as long as there is time. Each of its runs stops after a few thousand instructions:
// long executions (a loop counting to a large bound) filled the round's tenth of a second on most terminating
// programs, and more short runs find more lassos. On the 517 core termination tasks at 30 s, with 4096
// instructions instead of 4 million, the median CPU of a solved task fell from 0.18 s to 0.09 s, five lassos came
// within the round that the symbolic execution or bounded lassos had found up to 3 s later, and one (NarrowKonv,
// its state recurs after more than 4096 instructions) came from the symbolic execution 0.6 s later; no verdict changed.
constexpr uint64_t kFirstTerminationRuns = 256;
constexpr uint64_t kFirstTerminationRunSteps = 4096;
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

// A round that took less than this and decided nothing had nothing to do: --verbose leaves it out.
constexpr double kRoundNoticeSeconds = 0.0005;

double processCpuSeconds() {
  timespec now{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &now);
  return static_cast<double>(now.tv_sec) + static_cast<double>(now.tv_nsec) * 1e-9;
}

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
      if (o.property == e.property && o.verdict == Verdict::Unknown && e.verdict == Verdict::Unknown) {
        o.reason += (o.reason.empty() ? "" : "; ") + e.reason;
        o.reasonPlaces.insert(o.reasonPlaces.end(), e.reasonPlaces.begin(), e.reasonPlaces.end());
      }
}

// Appends to the reason of each property that only a possible signed overflow kept the symbolic execution from
// proving whether it holds over unbounded signed integers (`--semantics svcomp`).
void hintUnbounded(const frontend::Program& program, std::vector<Outcome>& outcomes,
                   const std::vector<Outcome>& symbolic, const std::function<Deadline(double)>& share,
                   const std::shared_ptr<smt::QueryLog>& smtLog) {
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
  options.smtLog = smtLog;
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

// One run of the portfolio: the engines in their order on the properties still open, sharing what they learn (the
// runs bounded model checking suggests, the starts of deeper executions, the bounds already checked).
class PortfolioRun {
 public:
  PortfolioRun(const frontend::Program& program, const std::vector<Property>& properties, const Budget& budget,
               const interp::Interpreter& interpreter)
      : program_(program), properties_(properties), budget_(budget), interpreter_(interpreter) {
    for (Property p : properties) outcomes_.push_back(Outcome::unknown(p, ""));
    reopen();
  }

  // A short round of executions: it decides programs without input and finds shallow violations.
  void firstExecutions() {
    if (!budget_.testing) return;
    const bool terminationAlone = properties_ == std::vector<Property>{Property::Termination};
    Deadline firstRound =
        share(kFirstTestingShare)
            .capped(std::chrono::duration<double>(terminationAlone ? kFirstTerminationSeconds : kFirstTestingSeconds));
    outcomes_ = test(properties_, firstRound, 0x5eed, terminationAlone ? kFirstTerminationRuns : 0,
                     terminationAlone ? kFirstTerminationRunSteps : 0);
    reopen();
  }

  // Bounded model checking before the symbolic execution: briefly, and termination only when cross-checking (a
  // cross-check has no second round).
  void firstBoundedRound() {
    if (!budget_.bmc) return;
    if (!(budget_.testing || budget_.symex)) {
      if (!open_.empty()) boundedCheck(open_, share(kBoundedAloneShare));
      return;
    }
    std::vector<Property> first = open_;
    if (!budget_.crossCheck) std::erase(first, Property::Termination);
    if (!first.empty())
      boundedCheck(first, share(kBoundedShare).capped(std::chrono::duration<double>(kBoundedFirstSeconds)));
  }

  // The symbolic execution on what is open (or on everything when evidence of it is asked for); its proven
  // non-termination replayed in C, and the inputs it suggests kept for the executions at the end.
  void symbolicExecution(Evidence* evidence) {
    const bool evidenceAsked = evidence && (evidence->explain || evidence->wantDot || evidence->wantIts);
    if (!budget_.symex || (open_.empty() && !evidenceAsked)) return;
    symex::Options options;
    options.semantics = budget_.semantics;
    options.smtLog = budget_.smtLog;
    options.deadline = budget_.testing ? share(kSymbolicShare) : budget_.deadline;
    options.explain = evidence && evidence->explain;
    options.dot = evidence && evidence->wantDot;
    options.its = evidence && evidence->wantIts;
    symex::Evidence proof;
    std::vector<Outcome> symbolic = symex::prove(program_, open_, options, &proof);
    for (Outcome& o : symbolic) replayRecurrence(interpreter_, o, budget_);
    if (budget_.crossCheck) {
      std::vector<Outcome> tested = outcomes_;
      checkAgreement(symbolic, tested);
      adopt(outcomes_, symbolic);
      adopt(outcomes_, tested);
    } else {
      adopt(outcomes_, symbolic);
    }
    explainUnknowns(outcomes_, symbolic);
    proved_.insert(proved_.end(), symbolic.begin(), symbolic.end());
    if (budget_.semantics == Semantics::C && !budget_.crossCheck)
      hintUnbounded(program_, outcomes_, symbolic, [this](double fraction) { return share(fraction); },
                    budget_.smtLog);
    for (std::vector<uint64_t>& inputs : proof.suggestedInputs)
      suggestions_.push_back(falsifier::SuggestedRun{std::move(inputs), false, ""});
    if (evidence) {
      evidence->explanation = std::move(proof.explanation);
      evidence->graph = std::move(proof.graph);
      evidence->its = std::move(proof.its);
    }
    reopen();
  }

  // A recurrent set over a loop's state, its stem replayed: for termination still open, or for a non-termination
  // the symbolic execution proved but could not replay, which then has no counterexample.
  void recurrentSet() {
    const bool unreplayedNonTermination = std::any_of(outcomes_.begin(), outcomes_.end(), [](const Outcome& o) {
      return o.property == Property::Termination && o.verdict == Verdict::False && !o.counterexample;
    });
    if (!budget_.bmc || budget_.semantics == Semantics::TermComp || budget_.deadline.expired() ||
        !(std::count(open_.begin(), open_.end(), Property::Termination) || unreplayedNonTermination))
      return;
    bmc::RecurrentSetOptions options;
    options.deadline = share(kRecurrentSetShare).capped(std::chrono::duration<double>(kRecurrentSetSeconds));
    options.smtLog = budget_.smtLog;
    std::optional<bmc::ProvenRecurrentSet> set = bmc::findRecurrentSet(program_, options);
    if (!set) return;
    falsifier::RecurrentSetClaim claim{std::move(set->stem), true, set->head, set->expression, set->complete, "bmc",
                                       "bounded model checking found a set of states at the loop head that every "
                                       "iteration returns to, whatever it draws (" +
                                           counted(set->facts, "fact") + ", proven bit-precisely)"};
    falsifier::Options replay;
    replay.deadline = budget_.deadline;
    replay.memoryBytes = budget_.memoryBytes;
    const Outcome confirmed = falsifier::confirmRecurrentSet(interpreter_, claim, replay);
    if (budget_.crossCheck) checkAgreement(proved_, {confirmed});
    if (!budget_.crossCheck) adopt(outcomes_, {confirmed});
    if (confirmed.verdict == Verdict::Unknown) explainUnknowns(outcomes_, {confirmed});
    reopen();
  }

  // What the symbolic execution left open gets deeper bounds, before executions take the rest of the time.
  void deeperBoundedRound() {
    if (!budget_.bmc || !budget_.symex || budget_.crossCheck || open_.empty() || budget_.deadline.expired()) return;
    boundedCheck(open_, (budget_.testing ? share(kBoundedAgainShare) : budget_.deadline)
                            .capped(std::chrono::duration<double>(
                                std::max(0.0, budget_.deadline.secondsLeft() - kBoundedMarginSeconds))));
  }

  // Executions for the rest of the time, from the runs and starts the engines before suggested.
  void lastExecutions() {
    if (!budget_.testing || open_.empty() || budget_.deadline.expired()) return;
    std::vector<Outcome> tested = test(open_, budget_.deadline, 0xa770905, 0);
    if (budget_.crossCheck) {
      checkAgreement(proved_, tested);
      for (const Outcome& t : tested)
        for (Outcome& o : outcomes_)
          if (o.property == t.property && o.verdict == Verdict::Unknown) o = t;
    } else {
      adopt(outcomes_, tested);
    }
  }

  // Runs one round and notes its cost when it did anything (a round with nothing to do returns at once).
  template <typename Round>
  void timed(const char* name, Round round) {
    const std::vector<Property> openBefore = open_;
    const auto wallStart = std::chrono::steady_clock::now();
    const double cpuStart = processCpuSeconds();
    round();
    RoundCost cost{name, std::chrono::duration<double>(std::chrono::steady_clock::now() - wallStart).count(),
                   processCpuSeconds() - cpuStart, {}};
    for (Property p : openBefore)
      if (std::find(open_.begin(), open_.end(), p) == open_.end()) cost.decided.push_back(p);
    if (cost.wallSeconds >= kRoundNoticeSeconds || !cost.decided.empty()) rounds_.push_back(std::move(cost));
  }

  // The outcomes in the order asked, each UNKNOWN with a reason.
  std::vector<Outcome> finish(PortfolioStatistics* statistics) {
    for (Outcome& o : outcomes_)
      if (o.reason.empty()) o.reason = "no engine decided it in the time given";
    sortAsAsked(outcomes_, properties_);
    if (statistics) {
      statistics->executions = totals_.runs;
      statistics->steps = totals_.steps;
      statistics->rounds = std::move(rounds_);
    }
    return std::move(outcomes_);
  }

 private:
  Deadline share(double fraction) const {
    return budget_.deadline.capped(std::chrono::duration<double>(budget_.deadline.secondsLeft() * fraction));
  }

  // Under a cross-check every engine runs on every property.
  void reopen() { open_ = budget_.crossCheck ? properties_ : stillOpen(outcomes_); }

  std::vector<Outcome> test(const std::vector<Property>& which, Deadline deadline, uint64_t seed, uint64_t maxRuns,
                            uint64_t runSteps = 0) {
    falsifier::Options options;
    options.maxGeneratedRuns = maxRuns;
    options.runSteps = runSteps;
    options.semantics = budget_.semantics;
    options.suggestedRuns = suggestions_;
    options.starts = starts_;
    options.deadline = deadline;
    options.memoryBytes = budget_.memoryBytes;
    options.seed = seed;
    if (budget_.progress)
      options.progress = [this](const falsifier::Statistics& s) {
        PortfolioStatistics now;
        now.executions = totals_.runs + s.runs;
        now.steps = totals_.steps + s.steps;
        budget_.progress(now);
      };
    falsifier::Statistics stats;
    std::vector<Outcome> outcomes = falsifier::falsify(interpreter_, which, options, &stats);
    totals_.runs += stats.runs;
    totals_.steps += stats.steps;
    return outcomes;
  }

  // Bounded model checking of the properties asked, one reading after the other, sharing `deadline`.
  void boundedCheck(const std::vector<Property>& asked, Deadline deadline) {
    std::map<Semantics, std::vector<Property>> byReading;
    for (Property p : asked) byReading[readingFor(p, budget_.semantics)].push_back(p);
    size_t left = byReading.size();
    for (const auto& [reading, group] : byReading) {
      const double seconds = deadline.secondsLeft() / static_cast<double>(left);
      boundedCheckOf(group, reading, deadline.capped(std::chrono::duration<double>(seconds)));
      --left;
    }
  }

  // One reading's properties (the encoding's wrap-around checks under `termcomp` must not cut no-overflow's paths)
  // until `deadline`, its candidates replayed.
  void boundedCheckOf(const std::vector<Property>& asked, Semantics reading, Deadline deadline) {
    bmc::Options options;
    options.deadline = deadline;
    options.semantics = reading;
    options.smtLog = budget_.smtLog;
    options.firstBound = nextBound_.try_emplace(reading, 1u).first->second;
    if (budget_.progress)
      options.progress = [this](unsigned bound, size_t checks) {
        PortfolioStatistics now;
        now.executions = totals_.runs;
        now.steps = totals_.steps;
        now.bmcBound = bound;
        now.bmcChecks = checks;
        budget_.progress(now);
      };
    bmc::Result bounded = bmc::check(program_, asked, options);
    nextBound_[reading] = bounded.nextBound;
    std::vector<falsifier::SuggestedRun> candidates;
    for (bmc::CandidateRun& c : bounded.candidates)
      candidates.push_back(falsifier::SuggestedRun{std::move(c.inputs), c.uninitializedReadsZero, "bmc"});
    std::vector<falsifier::SuggestedRun> deeper;
    for (bmc::CandidateRun& c : bounded.deeperStarts)
      deeper.push_back(falsifier::SuggestedRun{std::move(c.inputs), c.uninitializedReadsZero, ""});
    std::vector<Outcome> replayed;
    if (!candidates.empty() || !deeper.empty()) {
      falsifier::Options replay;
      replay.semantics = budget_.semantics;
      replay.suggestedRuns = std::move(candidates);
      // Of the starts, the deepest now (each start may run long); the executions at the end try them all.
      if (!deeper.empty()) replay.starts = {deeper.back()};
      replay.onlySuggested = true;
      replay.deadline = budget_.deadline;  // a few executions, each cut at the interpreter's step limit
      replay.memoryBytes = budget_.memoryBytes;
      replayed = falsifier::falsify(interpreter_, asked, replay);
    }
    starts_.insert(starts_.end(), deeper.begin(), deeper.end());
    if (budget_.crossCheck) checkAgreement(bounded.outcomes, replayed);
    adopt(outcomes_, replayed);
    if (!budget_.crossCheck) adopt(outcomes_, bounded.outcomes);
    replaceBoundedReasons(bounded.outcomes);
    proved_.insert(proved_.end(), bounded.outcomes.begin(), bounded.outcomes.end());
    reopen();
  }

  // What bounded model checking says of a property replaces, in its reason, what an earlier round said of it.
  void replaceBoundedReasons(const std::vector<Outcome>& bounded) {
    std::vector<Outcome> unexplained;
    for (const Outcome& b : bounded) {
      auto earlier = boundedReasons_.find(b.property);
      if (earlier == boundedReasons_.end()) {
        unexplained.push_back(b);
      } else {
        for (Outcome& o : outcomes_)
          if (o.property == b.property && o.verdict == Verdict::Unknown)
            if (size_t at = o.reason.find(earlier->second); at != std::string::npos)
              o.reason.replace(at, earlier->second.size(), b.reason);
      }
      boundedReasons_[b.property] = b.reason;
    }
    explainUnknowns(outcomes_, unexplained);
  }

  const frontend::Program& program_;
  const std::vector<Property>& properties_;
  const Budget& budget_;
  const interp::Interpreter& interpreter_;
  std::vector<Outcome> outcomes_;
  std::vector<Property> open_;
  std::vector<Outcome> proved_;  // every engine's outcomes, for the cross-check
  falsifier::Statistics totals_;
  std::vector<falsifier::SuggestedRun> suggestions_;
  std::vector<falsifier::SuggestedRun> starts_;  // of executions deeper than bounded model checking reached
  std::map<Property, std::string> boundedReasons_;
  std::map<Semantics, unsigned> nextBound_;  // where the deeper round goes on, per reading
  std::vector<RoundCost> rounds_;
};

// Where the IR does not show the program as termcomp reads it (frontend::Program::termCompObstacles), the
// properties read there are left open, the others decided in C.
std::vector<Outcome> decideOutsideTermComp(const frontend::Program& program, const std::vector<Property>& properties,
                                           const Budget& budget, PortfolioStatistics* statistics, Evidence* evidence) {
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

}  // namespace

std::vector<Outcome> decideProperties(const frontend::Program& program, const std::vector<Property>& properties,
                                      const Budget& budget, PortfolioStatistics* statistics, Evidence* evidence) {
  if (budget.semantics == Semantics::TermComp && !program.termCompObstacles.empty())
    return decideOutsideTermComp(program, properties, budget, statistics, evidence);
  auto created = interp::Interpreter::create(program);
  if (auto* why = std::get_if<std::string>(&created)) {
    std::vector<Outcome> outcomes;
    for (Property p : properties) outcomes.push_back(Outcome::unknown(p, *why));
    return outcomes;
  }
  PortfolioRun run(program, properties, budget, *std::get<std::unique_ptr<interp::Interpreter>>(created));
  run.timed("first executions", [&] { run.firstExecutions(); });
  run.timed("first bounded round", [&] { run.firstBoundedRound(); });
  run.timed("symbolic execution", [&] { run.symbolicExecution(evidence); });
  run.timed("recurrent set", [&] { run.recurrentSet(); });
  run.timed("deeper bounded round", [&] { run.deeperBoundedRound(); });
  run.timed("last executions", [&] { run.lastExecutions(); });
  return run.finish(statistics);
}

}  // namespace atropos::driver
