#include "falsifier/falsifier.h"

#include "frontend/source_location.h"
#include "state_graph.h"

#include <algorithm>
#include <bit>
#include <deque>
#include <map>
#include <optional>
#include <random>
#include <variant>

namespace atropos::falsifier {

namespace {

using interp::RunEnd;
using interp::RunResult;

constexpr const char* kEngine = "falsifier";

// Explicit-state search takes this share of the time left after the systematic runs.
constexpr double kExplorationShare = 0.5;
constexpr size_t kMaxExplorationValues = 32;
// The explicit-state search looks for cycles among the states it met once it has this many steps, then whenever
// their number has doubled: the search costs time linear in the steps, so all of them cost about twice the last.
constexpr size_t kFirstCycleSearchEdges = 64;
// Every value a run draws is recorded: a run that keeps drawing ends here rather than fill memory.
constexpr uint64_t kMaxInputsPerRun = 1u << 18;

// Values at the edges of a type's range, where overflow and off-by-one errors live.
constexpr uint64_t kBoundaryCandidates = 13;
// Runs of Bits right after the one of zeros, before the boundary values: the ones that leave and enter branches on
// nondet() alike, cheap where the boundary values keep a `while (nondet())` loop running to the step limit.
constexpr uint64_t kBitsRuns = 8;

uint64_t boundaryValue(const interp::NondetRequest& r, uint64_t choice) {
  const unsigned bits = r.bits;
  const uint64_t mask = bits >= 64 ? ~0ull : (1ull << bits) - 1;
  const uint64_t signBit = 1ull << (bits - 1);
  const uint64_t unsignedCandidates[] = {0, 1, 2, mask, mask - 1, signBit, signBit - 1, 3, 7, 8, 10, 16, 100};
  const uint64_t signedCandidates[] = {0, 1, mask /* -1 */, signBit /* MIN */, signBit - 1 /* MAX */, 2,
                                      mask - 1, signBit + 1, signBit - 2, 3, 10, 100, mask - 9};
  const uint64_t* table = r.isSigned ? signedCandidates : unsignedCandidates;
  return table[choice % kBoundaryCandidates] & mask;
}

// SameBoundary gives every draw of a run the same boundary candidate (all inputs MIN, then all MAX, ...): the
// first runs try each edge of the input range systematically, before the random strategies take over.
// Bits draws 0 or 1 for every integer: the values a program that branches on nondet() (`while (nondet())`, `if
// (nondet())`) reads as false and true, where any other value keeps such a loop running until the step limit.
enum class Strategy { Zeros, Boundary, SmallRandom, FullRandom, Mixed, Bits, SameBoundary };

class GeneratedInputs final : public interp::InputSource {
 public:
  GeneratedInputs(Strategy strategy, uint64_t seed) : strategy_(strategy), seed_(seed), rng_(seed) {}
  uint64_t draw(const interp::NondetRequest& r) override {
    if (r.kind == frontend::NondetKind::Bool) return strategy_ == Strategy::Zeros ? 0 : rng_() & 1;
    if (r.kind == frontend::NondetKind::Float || r.kind == frontend::NondetKind::Double) return floatValue(r);
    Strategy s = strategy_;
    if (s == Strategy::Mixed) s = static_cast<Strategy>(1 + rng_() % 3);
    switch (s) {
      case Strategy::Zeros: return 0;
      case Strategy::Bits: return rng_() & 1;
      case Strategy::SameBoundary: return boundaryValue(r, seed_);
      case Strategy::Boundary: return boundaryValue(r, rng_());
      case Strategy::SmallRandom: {
        int64_t v = static_cast<int64_t>(rng_() % 33);
        if (r.isSigned) v -= 16;
        return static_cast<uint64_t>(v);
      }
      default: return rng_();
    }
  }

 private:
  uint64_t floatValue(const interp::NondetRequest& r) {
    if (strategy_ == Strategy::Zeros) return 0;
    const double choices[] = {0.0, 1.0, -1.0, 0.5, 100.0, -100.0, 1e10, -1e-10};
    if (rng_() % 4 != 0) {
      const double d = choices[rng_() % 8];
      return r.bits == 32 ? std::bit_cast<uint32_t>(static_cast<float>(d)) : std::bit_cast<uint64_t>(d);
    }
    return rng_();
  }

  Strategy strategy_;
  uint64_t seed_;
  std::mt19937_64 rng_;
};

// Exchanges two of the values wherever they occur: where a start satisfies constraints of equality and difference
// among its inputs (distinct identities, one variable a copy of another), the exchanged one satisfies them too but
// orders the values differently.
void exchangeValues(std::vector<uint64_t>& values, uint64_t seed) {
  std::vector<uint64_t> distinct = values;
  std::sort(distinct.begin(), distinct.end());
  distinct.erase(std::unique(distinct.begin(), distinct.end()), distinct.end());
  if (distinct.size() < 2) return;
  std::mt19937_64 rng(seed);
  const uint64_t a = distinct[rng() % distinct.size()];
  uint64_t b = distinct[rng() % (distinct.size() - 1)];
  if (b == a) b = distinct.back();
  for (uint64_t& v : values) v = v == a ? b : v == b ? a : v;
}

// A cycle's values after its stem's, over and over; reads of uninitialized memory give zero, as in the
// explicit-state search that found the cycle.
class CycleInputs final : public interp::InputSource {
 public:
  CycleInputs(const std::vector<uint64_t>& stem, const std::vector<uint64_t>& loop) : stem_(stem), loop_(loop) {}
  uint64_t draw(const interp::NondetRequest& r) override {
    if (r.uninitialized) return 0;
    const size_t k = next_++;
    return k < stem_.size() ? stem_[k] : loop_[(k - stem_.size()) % loop_.size()];
  }

 private:
  const std::vector<uint64_t>& stem_;
  const std::vector<uint64_t>& loop_;
  size_t next_ = 0;
};

// A start's values, then generated ones.
class ContinuedInputs final : public interp::InputSource {
 public:
  ContinuedInputs(const SuggestedRun& start, GeneratedInputs then) : start_(start), then_(std::move(then)) {}
  uint64_t draw(const interp::NondetRequest& r) override {
    if (start_.uninitializedReadsZero && r.uninitialized) return 0;
    if (next_ < start_.values.size()) return start_.values[next_++];
    return then_.draw(r);
  }

 private:
  const SuggestedRun& start_;
  GeneratedInputs then_;
  size_t next_ = 0;
};

Counterexample counterexampleOf(const RunResult& run, std::string description, const SourceLocation& at) {
  Counterexample cex;
  cex.violation = std::move(description);
  cex.location = at;
  cex.inputs = run.inputs;
  for (size_t k = 0; k < run.trace.size(); ++k) {
    const interp::TracedLine& line = run.trace[k];
    TraceStep step;
    step.at = frontend::sourceLocationOf(*line.first);
    if (k > 0 && line.depth != run.trace[k - 1].depth)
      step.entry = line.depth > run.trace[k - 1].depth ? TraceStep::Entry::Call : TraceStep::Entry::Return;
    step.firstInput = line.inputsBefore;
    step.inputCount = (k + 1 < run.trace.size() ? run.trace[k + 1].inputsBefore : run.inputs.size()) - line.inputsBefore;
    step.branchTo = line.branchTo;
    step.branchNotTaken = line.branchNotTaken;
    cex.trace.push_back(std::move(step));
  }
  cex.traceDropped = run.traceDropped;
  return cex;
}

bool sameLocation(const SourceLocation& a, const SourceLocation& b) {
  return a.file == b.file && a.line == b.line && a.column == b.column && a.function == b.function;
}

std::string describe(const SourceLocation& at) {
  if (!at.known()) return "a loop head";
  return "line " + std::to_string(at.line) + (at.function.empty() ? "" : " in " + at.function);
}

// The check a run's violation is, as `p` reads it. For valid-memcleanup an abort is an end of the program (SV-COMP's
// rules count exit, abort and the return from main), so a leak found when abort ended it, and heap still allocated
// when reach_error aborts, are heap left at abort.
Check checkFor(const RunResult& r, Property p) {
  const Check check = interp::checkOf(r.violation->kind);
  if (p != Property::ValidMemcleanup || r.programEnd != RunEnd::Aborted) return check;
  if (check == Check::MemoryLost || (check == Check::ReachError && r.heapStillAllocated)) return Check::HeapAtAbort;
  return check;
}

// The check the end of a completed run fails for `p`, if any: memory left allocated (lost memory is a violation of
// its own), which for valid-memsafety may be reachable only in ways that make its verdict ambiguous.
std::optional<Check> endCheckFor(const RunResult& r, Property p) {
  if (!r.heapStillAllocated) return std::nullopt;
  if (p == Property::ValidMemcleanup) return r.end == RunEnd::Aborted ? Check::HeapAtAbort : Check::MemoryNotFreed;
  return r.memoryVerdictAmbiguous ? Check::MemoryAmbiguous : Check::MemoryNotFreed;
}

std::string_view withoutViolating(Property p) {
  switch (p) {
    case Property::Termination: return "";
    case Property::ValidMemsafety: return "without a memory error";
    case Property::ValidMemcleanup: return "with all memory freed";
    case Property::NoOverflow: return "without overflow";
    case Property::UnreachCall: return "without calling reach_error";
  }
  return "";
}

constexpr uint64_t kFirstRunSteps = 1u << 22;
constexpr uint64_t kLongestRunSteps = 1ull << 30;

class Search {
 public:
  Search(const interp::Interpreter& interpreter, const std::vector<Property>& properties, const Options& options)
      : interpreter_(interpreter), options_(options) {
    for (Property p : properties) pending_[p] = Outcome::unknown(p, "", kEngine);
  }

  std::vector<Outcome> run(Statistics* statistics) {
    uint64_t maxSteps = firstRunSteps();
    for (const SuggestedRun& suggestion : options_.suggestedRuns) {
      if (allDecided() || options_.deadline.expired()) break;
      interp::ReplayInputs inputs(suggestion.values, suggestion.uninitializedReadsZero);
      engine_ = suggestion.engine.empty() ? kEngine : suggestion.engine;
      execute(inputs, 1ull << 26);
    }
    engine_ = kEngine;
    for (size_t k = 0; k < options_.starts.size() && !allDecided() && !options_.deadline.expired(); ++k) {
      ContinuedInputs inputs(options_.starts[k], GeneratedInputs(Strategy::Mixed, options_.seed + k));
      execute(inputs, maxSteps);
    }
    auto nextProgress = Deadline::Clock::now() + std::chrono::seconds(1);
    for (uint64_t k = 0; !options_.onlySuggested && !allDecided() && !options_.deadline.expired() &&
                         (options_.maxGeneratedRuns == 0 || k < options_.maxGeneratedRuns);
         ++k) {
      const bool bits = k >= 1 && k <= kBitsRuns;
      const bool systematic = k > kBitsRuns && k <= kBitsRuns + kBoundaryCandidates;
      const Strategy strategy = k == 0 ? Strategy::Zeros
                                : bits ? Strategy::Bits
                                : systematic ? Strategy::SameBoundary
                                             : static_cast<Strategy>(1 + (k - 1) % 5);
      GeneratedInputs generated(strategy,
                                systematic ? k - 1 - kBitsRuns : options_.seed + k * 0x9E3779B97F4A7C15ull);
      RunResult result;
      if (!systematic && k % 2 == 1 && !options_.starts.empty()) {
        SuggestedRun start = options_.starts[(k / 2) % options_.starts.size()];
        if (k / 2 >= options_.starts.size()) exchangeValues(start.values, k);
        ContinuedInputs inputs(start, std::move(generated));
        result = execute(inputs, maxSteps);
      } else {
        result = execute(generated, maxSteps);
        // A first run cut at a short round's limit before it drew an input may be the program's only one, which
        // decides it when it ends: it runs again to the default limit.
        if (k == 0 && result.end == RunEnd::StepLimit && result.inputs.empty() && maxSteps < kFirstRunSteps) {
          GeneratedInputs again(Strategy::Zeros, options_.seed);
          result = execute(again, kFirstRunSteps);
        }
      }
      if (k == 0 && result.inputs.empty()) {
        // Under termcomp main's parameters may hold any integers: the run is one execution, not the only one.
        if (options_.semantics != Semantics::TermComp || !interpreter_.mainTakesParameters())
          decideDeterministic(result);
        break;
      }
      if (result.end == RunEnd::Unsupported && result.inputs.empty()) break;  // every run would stop there
      if (k == kBitsRuns + kBoundaryCandidates)
        explore(options_.deadline.capped(
            std::chrono::duration<double>(options_.deadline.secondsLeft() * kExplorationShare)));
      if (options_.progress && Deadline::Clock::now() >= nextProgress) {
        options_.progress(Statistics{runs_, steps_});
        nextProgress = Deadline::Clock::now() + std::chrono::seconds(1);
      }
      // Longer runs as the search goes on: the first runs look for shallow bugs quickly.
      if (!options_.runSteps && k % 16 == 15 && maxSteps < kLongestRunSteps) maxSteps *= 2;
    }
    if (statistics) {
      statistics->runs = runs_;
      statistics->steps = steps_;
    }
    std::vector<Outcome> outcomes;
    for (auto& [p, o] : pending_) {
      if (o.verdict == Verdict::Unknown && o.reason.empty()) {
        o.reason = unknownReason(p);
        o.reasonPlaces = placesOfUnknownReason(p);
      }
      outcomes.push_back(o);
    }
    return outcomes;
  }

 private:
  // The step limit of the first generated runs, and of each stretch of the explicit-state search.
  uint64_t firstRunSteps() const { return options_.runSteps ? options_.runSteps : kFirstRunSteps; }

  bool anyOpenBut(Property excluded) const {
    return std::any_of(pending_.begin(), pending_.end(),
                       [&](const auto& e) { return e.first != excluded && e.second.verdict == Verdict::Unknown; });
  }

  bool allDecided() const {
    return std::all_of(pending_.begin(), pending_.end(),
                       [](const auto& e) { return e.second.verdict != Verdict::Unknown; });
  }

  // Explicit-state search, breadth-first: every nondet call returns, in turn, each value the program compares
  // values with (and 0, 1, -1), and each program state at a nondet call is continued once. It finds violations
  // that need one particular sequence among few inputs, as in a reactive system that reads commands. For
  // termination it keeps the steps between the states it met: a cycle among them is a lasso, which one execution
  // that draws its values over and over confirms.
  void explore(Deadline until) {
    GeneratedInputs zeros(Strategy::Zeros, 0);  // for reads of uninitialized memory
    interp::RunOptions ro;
    ro.deadline = until;
    ro.maxSteps = firstRunSteps();
    ro.maxMemoryBytes = options_.memoryBytes;
    ro.noteWrapArounds = options_.semantics == Semantics::TermComp;
    ro.detectLasso = open(Property::Termination);
    struct Pending {
      std::unique_ptr<interp::PausedExecution> execution;
      StateGraph::Node node;
    };
    std::deque<Pending> frontier;
    uint64_t frontierBytes = 0;  // the frontier keeps to a quarter of the memory budget
    StateGraph graph(open(Property::Termination));
    size_t nextCycleSearch = kFirstCycleSearchEdges;
    auto visit = [&](std::variant<std::unique_ptr<interp::PausedExecution>, RunResult> next, StateGraph::Node from,
                     uint64_t value) {
      if (auto* ended = std::get_if<RunResult>(&next)) {
        ++runs_;
        steps_ += ended->steps;
        note(*ended);
        return;
      }
      auto& paused = std::get<std::unique_ptr<interp::PausedExecution>>(next);
      const uint64_t bytes = paused->footprintBytes();
      if (frontierBytes + bytes > options_.memoryBytes / 4) return;
      const auto [node, isNew] = graph.reach(paused->stateHash(), from, value);
      if (!isNew) return;
      frontierBytes += bytes;
      frontier.push_back({std::move(paused), node});
    };
    visit(interpreter_.start(zeros, ro), StateGraph::kNoParent, 0);
    while (!allDecided() && !until.expired()) {
      if (open(Property::Termination) && (frontier.empty() || graph.edges() >= nextCycleSearch)) {
        nextCycleSearch = 2 * graph.edges();
        confirmCycles(graph, until);
      }
      if (frontier.empty()) break;
      Pending next = std::move(frontier.front());
      frontier.pop_front();
      frontierBytes -= next.execution->footprintBytes();
      for (uint64_t value : explorationValues(next.execution->request())) {
        if (allDecided() || until.expired()) break;
        visit(next.execution->resume(value), next.node, value);
      }
    }
  }

  // Executes the cycles of `graph`, each drawing its values over and over after its stem, until one ends as a
  // lasso (termination is then decided) or none is left. A cycle that does not recur is dropped.
  void confirmCycles(StateGraph& graph, Deadline until) {
    while (open(Property::Termination) && !until.expired()) {
      std::optional<StateGraph::Cycle> cycle = graph.findCycle();
      if (!cycle) return;
      CycleInputs inputs(cycle->stem, cycle->loop);
      execute(inputs, kFirstRunSteps);
      if (open(Property::Termination)) graph.drop(*cycle);
    }
  }

  std::vector<uint64_t> explorationValues(const interp::NondetRequest& r) const {
    if (r.kind == frontend::NondetKind::Bool) return {0, 1};
    if (r.kind == frontend::NondetKind::Float)
      return {0, std::bit_cast<uint32_t>(1.0f), std::bit_cast<uint32_t>(-1.0f)};
    if (r.kind == frontend::NondetKind::Double) return {0, std::bit_cast<uint64_t>(1.0), std::bit_cast<uint64_t>(-1.0)};
    const uint64_t mask = r.bits >= 64 ? ~0ull : (1ull << r.bits) - 1;
    std::vector<int64_t> fitting = {0, 1, -1};
    for (uint64_t c : interpreter_.comparedConstants()) {
      const int64_t v = static_cast<int64_t>(c);
      const bool fits =
          r.bits >= 64 || (r.isSigned ? v >= -(int64_t{1} << (r.bits - 1)) && v < (int64_t{1} << (r.bits - 1))
                                      : v >= -1 && static_cast<uint64_t>(v) <= mask);
      if (fits) fitting.push_back(v);
    }
    // The values nearest zero first: when there are many, they are the likeliest commands and counters.
    std::sort(fitting.begin(), fitting.end(), [](int64_t a, int64_t b) {
      const uint64_t ma = a < 0 ? 0 - static_cast<uint64_t>(a) : a, mb = b < 0 ? 0 - static_cast<uint64_t>(b) : b;
      return ma != mb ? ma < mb : a < b;
    });
    fitting.erase(std::unique(fitting.begin(), fitting.end()), fitting.end());
    if (fitting.size() > kMaxExplorationValues) fitting.resize(kMaxExplorationValues);
    std::vector<uint64_t> values;
    for (int64_t v : fitting) values.push_back(static_cast<uint64_t>(v) & mask);
    return values;
  }

  RunResult execute(interp::InputSource& inputs, uint64_t maxSteps) {
    interp::RunOptions ro;
    ro.deadline = options_.deadline;
    ro.maxSteps = maxSteps;
    ro.maxMemoryBytes = options_.memoryBytes;
    ro.noteWrapArounds = options_.semantics == Semantics::TermComp;
    ro.maxInputs = kMaxInputsPerRun;
    ro.detectLasso = open(Property::Termination);
    ro.recordTrace = true;  // a run without inputs is its own replay
    RunResult result = interpreter_.run(inputs, ro);
    ++runs_;
    steps_ += result.steps;
    note(result);
    return result;
  }

  std::string unknownReason(Property p) const {
    if (!unsupported_.empty()) return "not supported yet: " + unsupported_;
    if (!addressDependence_.empty() && runs_ == 1) return addressDependence_;
    std::string why = "no violation found in " + std::to_string(runs_) + " execution" + (runs_ == 1 ? "" : "s") +
                      " with chosen inputs (testing proves nothing)";
    if (sawStepLimit_) why += "; some executions were cut at the step limit";
    if (firstBlocked_ && effectOf(interp::checkOf(firstBlocked_->violation->kind), p, options_.semantics) == Effect::Blocks)
      why += "; " + blockedRunText(*firstBlocked_);
    if (auto it = hiddenByWrap_.find(p); it != hiddenByWrap_.end())
      why += "; an execution that shows it violated in C meets a wrap-around: an unsigned operation wraps or reads "
             "a value with its sign bit set, or a conversion to a narrower type changes the value (" +
             (it->second.known() ? describe(it->second) : std::string("at a line the debug information does not give")) +
             "), which unbounded integers read otherwise";
    return why;
  }

  // The places unknownReason(p) names, in its order.
  std::vector<SourceLocation> placesOfUnknownReason(Property p) const {
    std::vector<SourceLocation> places;
    auto add = [&](const SourceLocation& at) {
      if (at.known()) places.push_back(at);
    };
    if (!unsupported_.empty()) {
      add(unsupportedAt_);
      return places;
    }
    if (!addressDependence_.empty() && runs_ == 1) {
      add(addressDependenceAt_);
      return places;
    }
    if (firstBlocked_ && effectOf(interp::checkOf(firstBlocked_->violation->kind), p, options_.semantics) == Effect::Blocks)
      add(firstBlocked_->violation->location);
    if (auto it = hiddenByWrap_.find(p); it != hiddenByWrap_.end()) add(it->second);
    return places;
  }

  // Notes, for the reason, where a run that would show `p` violated met a wrap-around (under termcomp).
  void noteHiddenByWrap(const RunResult& r, Property p) {
    if (r.wrapAround && !shows(r, p)) hiddenByWrap_.try_emplace(p, *r.wrapAround);
  }

  // Where an execution stopped at a check that keeps `p` open (a signed overflow, for termination in C), and with
  // which inputs: the program's bug, shown by a run the user can repeat.
  static std::string blockedRunText(const RunResult& r) {
    constexpr size_t kShownInputs = 4;
    std::string text = "an execution stops at " + std::string(interp::violationKindName(r.violation->kind)) + " (" +
                       describe(r.violation->location) + ")";
    if (r.inputs.empty()) return text + " without inputs";
    text += " with inputs ";
    for (size_t k = 0; k < r.inputs.size() && k < kShownInputs; ++k) {
      const NondetInput& in = r.inputs[k];
      text += (k ? ", " : "") + nondetInputOrigin(in) + " = " +
              nondetInputValue(in) + (in.location.known() ? " (line " + std::to_string(in.location.line) + ")" : "");
    }
    if (r.inputs.size() > kShownInputs) text += ", ... (" + std::to_string(r.inputs.size()) + " in all)";
    return text;
  }

  // Whether a run shows anything about `p` under the reading asked: executions are C's, so under `termcomp` one
  // that wrapped a value around does not.
  bool shows(const RunResult& r, Property p) const {
    return !r.wrapAround || effectOf(Check::WrapAround, p, options_.semantics) != Effect::Diverges;
  }

  bool open(Property p) const {
    auto it = pending_.find(p);
    return it != pending_.end() && it->second.verdict == Verdict::Unknown;
  }

  void decide(Property p, Verdict v, std::string reason, std::optional<Counterexample> cex = std::nullopt,
              std::optional<MemsafetyPart> part = std::nullopt) {
    if (!open(p)) return;
    Outcome& o = pending_[p];
    o.verdict = v;
    o.reason = std::move(reason);
    o.engine = engine_;
    if (engine_ != kEngine) o.reason += ", as " + engine_ + " predicted";
    o.counterexample = std::move(cex);
    o.violatedPart = part;
  }

  // Re-executes a run's inputs with the trace on; the violation counts only if the replay shows it again. A run
  // that drew no input and recorded its trace is its own replay: the interpreter is deterministic. A lasso's replay
  // also describes the states at its head.
  std::optional<RunResult> replay(const RunResult& original) {
    if (original.inputs.empty() && !original.trace.empty() && !original.lasso) return original;
    std::vector<uint64_t> values;
    for (const auto& in : original.inputs) values.push_back(in.value);
    interp::ReplayInputs inputs(std::move(values));
    interp::RunOptions ro;
    ro.deadline = Deadline::never();
    ro.maxSteps = original.steps + 16;
    ro.maxMemoryBytes = options_.memoryBytes;
    ro.noteWrapArounds = options_.semantics == Semantics::TermComp;
    ro.recordTrace = true;
    ro.detectLasso = original.end == RunEnd::Lasso;
    if (original.lasso) ro.describeRecurrence = {original.lasso->head, original.lasso->firstVisitStep};
    RunResult again = interpreter_.run(inputs, ro);
    if (inputs.diverged() || again.end != original.end || again.addressDependent) return std::nullopt;
    if (original.lasso && !sameLocation(again.lasso->loopHead, original.lasso->loopHead)) return std::nullopt;
    if (original.violation.has_value() != again.violation.has_value()) return std::nullopt;
    if (original.violation &&
        (again.violation->kind != original.violation->kind || again.violation->location.line != original.violation->location.line))
      return std::nullopt;
    if (again.heapStillAllocated != original.heapStillAllocated) return std::nullopt;
    return again;
  }

  void note(const RunResult& r) {
    if (r.end == RunEnd::StepLimit) sawStepLimit_ = true;
    if (r.addressDependent) {
      if (addressDependence_.empty()) {
        addressDependence_ = "an execution depends on the numeric value of an address (line " +
                             std::to_string(r.addressDependence.line) + "), which a real allocator chooses";
        addressDependenceAt_ = r.addressDependence;
      }
      return;
    }
    if (r.end == RunEnd::Unsupported && unsupported_.empty()) {
      unsupported_ = r.unsupported;
      unsupportedAt_ = r.unsupportedAt;
    }
    if (r.end == RunEnd::Lasso && open(Property::Termination)) noteHiddenByWrap(r, Property::Termination);
    if (r.end == RunEnd::Lasso && open(Property::Termination) && shows(r, Property::Termination)) {
      std::optional<RunResult> confirmed = replay(r);
      if (!confirmed) return;
      const interp::Lasso& lasso = *confirmed->lasso;
      const std::string what =
          lasso.recursion
              ? "non-termination: the call at " + describe(lasso.loopHead) +
                    " is made again, nested in itself, with the same arguments and memory, every " +
                    std::to_string(lasso.periodSteps) + " steps; the recursion never ends"
              : "non-termination: the program state at " + describe(lasso.loopHead) + " recurs every " +
                    std::to_string(lasso.periodSteps) + " steps; the execution never ends";
      Counterexample cex = counterexampleOf(*confirmed, what, lasso.loopHead);
      cex.loopInputsStart = lasso.stemInputs;
      cex.recurrence = Counterexample::Recurrence{lasso.loopHead, lasso.enteredFunction, lasso.headStates,
                                                  lasso.headStatesComplete};
      decide(Property::Termination, Verdict::False,
             lasso.recursion ? "a call repeats itself, nested, with the same arguments and memory (replayed)"
                             : "an execution returns to a program state it was in (replayed)",
             std::move(cex));
      return;
    }
    if (r.end == RunEnd::Violation && !firstBlocked_ && !r.wrapAround) {
      const Check check = interp::checkOf(r.violation->kind);
      if (std::any_of(pending_.begin(), pending_.end(), [&](const auto& entry) {
            return open(entry.first) && effectOf(check, entry.first, options_.semantics) == Effect::Blocks;
          }))
        firstBlocked_ = r;
    }
    if (r.end == RunEnd::Violation) {
      std::vector<Property> violated;
      for (const auto& [p, o] : pending_) {
        if (!open(p) || !violates(checkFor(r, p), p, options_.semantics)) continue;
        noteHiddenByWrap(r, p);
        if (shows(r, p)) violated.push_back(p);
      }
      if (violated.empty()) return;
      const Check check = interp::checkOf(r.violation->kind);
      // An invalid access or free after a heap object was lost: which one the property names first is unknown.
      if ((check == Check::InvalidDeref || check == Check::InvalidFree) && r.leakBeforeViolation) return;
      std::optional<RunResult> confirmed = replay(r);
      if (!confirmed) return;
      const interp::Violation& v = *confirmed->violation;
      std::string what = std::string(interp::violationKindName(v.kind)) + ": " + v.message;
      for (Property p : violated) {
        // Only memory left at an end of the program violates valid-memcleanup.
        const bool leak = p == Property::ValidMemcleanup;
        decide(p, Verdict::False,
               leak ? "memory is still allocated when the program ends (replayed)" : "an execution violates it (replayed)",
               counterexampleOf(*confirmed,
                                leak && check == Check::ReachError ? "memory still allocated when reach_error aborts" : what,
                                v.location),
               p == Property::ValidMemsafety ? memsafetyPartOf(check) : std::nullopt);
      }
      return;
    }
    if (r.completed() && open(Property::ValidMemcleanup) && shows(r, Property::ValidMemcleanup) &&
        endCheckFor(r, Property::ValidMemcleanup) &&
        violates(*endCheckFor(r, Property::ValidMemcleanup), Property::ValidMemcleanup, options_.semantics)) {
      std::optional<RunResult> confirmed = replay(r);
      if (!confirmed) return;
      SourceLocation end = confirmed->trace.empty() ? SourceLocation{} : frontend::sourceLocationOf(*confirmed->trace.back().first);
      decide(Property::ValidMemcleanup, Verdict::False, "memory is still allocated when the program ends (replayed)",
             counterexampleOf(*confirmed, std::string("memory still allocated when ") + interp::runEndName(r.end), end));
    }
  }

  // The program drew no nondeterministic value: this run is its only execution.
  void decideDeterministic(const RunResult& r) {
    const std::string only = "the program has no nondeterministic input and its only execution ";
    if (r.addressDependent) return;  // note() gave the reason
    if (r.completed()) {
      const std::string how = only + "ends (" + interp::runEndName(r.end) + " after " + std::to_string(r.steps) + " steps)";
      for (auto& [p, o] : pending_) {
        if (!shows(r, p)) continue;
        const std::optional<Check> failed = endCheckFor(r, p);
        const Effect effect = failed ? effectOf(*failed, p, options_.semantics) : Effect::None;
        if (effect == Effect::None || effect == Effect::Ends)
          decide(p, Verdict::True, withoutViolating(p).empty() ? how : how + " " + std::string(withoutViolating(p)));
        else if (effect != Effect::Violates)
          o.reason = only + "ends with " + std::string(checkName(*failed)) + ", so the property cannot be decided";
      }
      return;
    }
    if (r.end == RunEnd::Violation) {
      // The only execution stopped at a check: a property it does not concern (or for which it ends the program,
      // as reach_error does for termination) holds; the memory properties need an execution that completed.
      const std::string how = only + "ends at " + interp::violationKindName(r.violation->kind) + " (line " +
                              std::to_string(r.violation->location.line) + ")";
      for (auto& [p, o] : pending_) {
        const Effect effect = effectOf(checkFor(r, p), p, options_.semantics);
        const bool memory = p == Property::ValidMemsafety || p == Property::ValidMemcleanup;
        if ((effect == Effect::None || effect == Effect::Ends) && !memory && shows(r, p)) decide(p, Verdict::True, how);
      }
      const std::string why = only + "stops at " + interp::violationKindName(r.violation->kind) + " (line " +
                              std::to_string(r.violation->location.line) + "), so the property cannot be decided";
      for (auto& [p, o] : pending_)
        if (o.verdict == Verdict::Unknown && o.reason.empty()) o.reason = why;
      return;
    }
    std::string why;
    switch (r.end) {
      case RunEnd::StepLimit:
      case RunEnd::Deadline:
        why = only + "did not end within the time budget (" + std::to_string(r.steps) + " steps)";
        break;
      case RunEnd::MemoryLimit: why = only + "exceeds the memory limit"; break;
      case RunEnd::Lasso: why = only + "never ends (a program state recurs)"; break;
      case RunEnd::Unsupported: why = "not supported yet: " + r.unsupported; break;
      case RunEnd::AssumeFailed: why = "the program's only execution violates an assumption"; break;
      default: why = only + "ended unexpectedly"; break;
    }
    for (auto& [p, o] : pending_)
      if (o.verdict == Verdict::Unknown && o.reason.empty()) {
        o.reason = why;
        if (r.end == RunEnd::Unsupported && r.unsupportedAt.known()) o.reasonPlaces = {r.unsupportedAt};
      }
  }

  const interp::Interpreter& interpreter_;
  const Options& options_;
  std::map<Property, Outcome> pending_;
  std::optional<RunResult> firstBlocked_;  // the first run that stopped at a check keeping a property open
  std::map<Property, SourceLocation> hiddenByWrap_;  // where a run that would show the property violated wrapped
  uint64_t runs_ = 0;
  uint64_t steps_ = 0;
  bool sawStepLimit_ = false;
  std::string unsupported_;
  SourceLocation unsupportedAt_;
  std::string addressDependence_;
  SourceLocation addressDependenceAt_;
  std::string engine_ = kEngine;  // the engine whose suggested run is executing
};

}  // namespace

std::vector<Outcome> falsify(const interp::Interpreter& interpreter, const std::vector<Property>& properties,
                             const Options& options, Statistics* statistics) {
  Search search(interpreter, properties, options);
  return search.run(statistics);
}

Outcome confirmRecurrentSet(const interp::Interpreter& interpreter, const RecurrentSetClaim& claim,
                            const Options& options) {
  constexpr uint64_t kStepsReplayed = 1u << 20;
  interp::ReplayInputs inputs(claim.stem, claim.uninitializedReadsZero);
  interp::RunOptions ro;
  ro.deadline = options.deadline;
  ro.maxSteps = kStepsReplayed;
  ro.maxMemoryBytes = options.memoryBytes;
  ro.recordTrace = true;
  const RunResult run = interpreter.run(inputs, ro);
  // At the end it still goes round the loop: the head's line is among the last lines executed.
  const bool looping = std::any_of(run.trace.begin(), run.trace.end(), [&](const interp::TracedLine& line) {
    const SourceLocation at = frontend::sourceLocationOf(*line.first);
    return at.line == claim.head.line && at.file == claim.head.file;
  });
  if (run.end != RunEnd::StepLimit || run.addressDependent || run.inputs.size() < claim.stem.size() || !looping)
    return Outcome::unknown(Property::Termination,
                            claim.engine + ": the execution to a recurrent set at " + describe(claim.head) +
                                " did not replay (it ended: " + interp::runEndName(run.end) + ")",
                            claim.engine);
  Counterexample cex = counterexampleOf(run, "non-termination: every iteration of the loop at " +
                                                 describe(claim.head) + " from the states " + claim.expression +
                                                 " returns to its head in one of them",
                                        claim.head);
  cex.inputs.resize(claim.stem.size());
  cex.loopInputsStart = claim.stem.size();
  cex.recurrence = Counterexample::Recurrence{claim.head, "", {claim.expression}, claim.complete};
  Outcome o;
  o.property = Property::Termination;
  o.verdict = Verdict::False;
  o.engine = claim.engine;
  o.reason = claim.how + "; an execution reaches it (replayed)";
  o.counterexample = std::move(cex);
  return o;
}

}  // namespace atropos::falsifier
