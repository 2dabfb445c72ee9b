#include "bmc/bmc.h"

#include <llvm/IR/Module.h>

#include <algorithm>
#include <functional>
#include <map>
#include <optional>

#include "encoder.h"
#include "frontend/normalize.h"
#include "smt/failure.h"
#include "smt/isolated.h"
#include "smt/query_log.h"
#include "smt/solver.h"
#include "smt/term.h"

namespace atropos::bmc {

namespace {

constexpr const char* kEngine = "bmc";
// The replay of a lasso detects the recurring state with checkpoints at doubling distances, so it needs the loop's
// inputs a number of times that grows with the length of the stem.
constexpr unsigned kLassoPeriodsReplayed = 256;
// Z3's resource limit instead of its timer, as elsewhere in Atropos (smt/solver.h): on these bitvector and array
// formulas about this many units make a millisecond (measured on the program tests).
constexpr unsigned kResourceUnitsPerMilli = 2000;
// Bit-blasting a multiplication or a division uses few resource units but much time and memory, and Z3's timer did
// not stop it either: each question is checked in a child process (smt/isolated.h), ended after the time left and
// this slack.
constexpr unsigned kKillSlackMillis = 200;
// Whether every execution lies within the bound is asked with at least this much time.
constexpr double kUnwindingMinSeconds = 0.25;
// The bit-blasted attempt gets this share of the time left; the general solver what remains.
constexpr double kBitBlastedShare = 0.25;
// Beyond this many multipliers and dividers, the general solver is not asked (see manyCircuits).
constexpr size_t kMaxGeneralSolverCircuits = 64;
// Beyond this many distinct terms, neither: the general solver ran over a minute past a limit of 8 s on a recursion
// unwound into 245,000 terms, while the largest question it answered in a sample of 112 reachability tasks had
// 8,500 (and the largest it was asked, 21,000).
constexpr size_t kMaxGeneralSolverTerms = 100000;

class Checker {
 public:
  Checker(z3::context& context, const Encoding& encoding, const Deadline& deadline,
          std::shared_ptr<smt::QueryLog> smtLog)
      : context_(context), encoding_(encoding), deadline_(deadline), smtLog_(std::move(smtLog)) {}

  smt::Term any(const std::function<bool(Check)>& which) const {
    z3::expr_vector conditions(context_);
    for (const Obligation& c : encoding_.checks)
      if (which(c.kind)) conditions.push_back(c.condition);
    return conditions.empty() ? context_.bool_val(false) : z3::mk_or(conditions);
  }

  // sat: `model` is set; unknown when the solver gave up or the time ran out.
  z3::check_result satisfiable(const smt::Term& goal, bool assumeUninitializedZero, std::optional<z3::model>* model,
                               std::optional<Deadline> until = std::nullopt) {
    if (goal.is_false()) return z3::unsat;
    const Deadline deadline = until ? *until : deadline_;
    auto millisLeft = [&] { return static_cast<unsigned>(std::clamp(deadline.secondsLeft() * 1000, 1.0, 1e6)); };
    // Up to two solvers per question, each fresh, with the assumption as a fact rather than a solver assumption
    // (with assumptions Z3 skips its preprocessing). Where memory is read only at known addresses, first the formula
    // bit-blasted after simplification, without the array of the initial memory, which settles most questions in
    // milliseconds; then (or else) Z3's general solver, with arrays and lambdas.
    auto ask = [&](smt::Procedure procedure, double share, bool withArrays) {
      smt::Limits limits(std::max(1u, static_cast<unsigned>(millisLeft() * share)));
      limits.resourcePerMilli = kResourceUnitsPerMilli;
      const unsigned millis = limits.queryMillis;
      z3::solver solver = smt::makeSolver(context_, procedure, limits);
      for (const smt::Term& b : encoding_.background) solver.add(b);
      if (withArrays)
        for (const smt::Term& b : encoding_.arrayFacts) solver.add(b);
      solver.add(goal);
      if (assumeUninitializedZero) solver.add(encoding_.uninitializedZero);
      z3::check_result r = smt::checkIsolated(solver, std::chrono::milliseconds(millis + kKillSlackMillis));
      if (smtLog_) smtLog_->record(solver, r);
      if (r != z3::sat) return r;
      // The bit-blasted formula may have lost what a read at a known address over a store at an unknown one means:
      // its model must satisfy the goal itself.
      z3::model m = solver.get_model();
      if (!m.eval(goal, true).is_true()) return z3::unknown;
      if (model) model->emplace(m);
      return r;
    };
    // Z3's general solvers turn arithmetic into circuits, and into clauses, without looking at their limits (60 s
    // for a question of 4 s on a loop of 300 remainders per iteration; 30 s and 3.6 GB for one of 0.2 s on an
    // unwound state machine). The child process ends such a check, but only at the deadline, when the general
    // solver has the time left, so a formula without arrays is only ever bit-blasted, which settles most
    // questions in milliseconds; a general solver gets only what needs arrays and has few circuits. It is the SMT
    // core after simplification, which stopped on the state machine where Z3's default solver did not, except for
    // floating point, which only the default solver decides.
    const bool needsArrays = keepsArrays(goal);
    if (!needsArrays && encoding_.arrayFacts.empty()) return ask(smt::Procedure::BitBlasting, 1.0, false);
    z3::check_result r = needsArrays ? z3::unknown : ask(smt::Procedure::BitBlasting, kBitBlastedShare, false);
    if (r != z3::unknown || deadline.expired() || manyCircuits(goal) || manyTerms(goal)) return r;
    if (anySubterm(goal, [](const smt::Term& t) { return t.is_fpa(); })) return ask(smt::Procedure::General, 1.0, true);
    return ask(smt::Procedure::SmtCore, 1.0, true);
  }

  // Whether `goal` has more terms than the general solver gets through before it looks at its time limit again.
  static bool manyTerms(const smt::Term& goal) {
    size_t terms = 0;
    return anySubterm(goal, [&](const smt::Term&) { return ++terms > kMaxGeneralSolverTerms; });
  }

  // Whether `goal` multiplies two unknowns, divides by an unknown or computes in floating point more often than
  // the general solver can turn into circuits before it looks at its time limit again.
  static bool manyCircuits(const smt::Term& goal) {
    size_t circuits = 0;
    return anySubterm(goal, [&](const smt::Term& t) {
      if (!t.is_app() || t.num_args() < 2) return false;
      switch (t.decl().decl_kind()) {
        case Z3_OP_BMUL:
          if (!t.arg(0).is_numeral() && !t.arg(1).is_numeral()) ++circuits;
          break;
        case Z3_OP_BUDIV:
        case Z3_OP_BSDIV:
        case Z3_OP_BUREM:
        case Z3_OP_BSREM:
        case Z3_OP_BSMOD:
        case Z3_OP_BUDIV_I:
        case Z3_OP_BSDIV_I:
        case Z3_OP_BUREM_I:
        case Z3_OP_BSREM_I:
        case Z3_OP_BSMOD_I:
          if (!t.arg(1).is_numeral()) ++circuits;
          break;
        case Z3_OP_FPA_ADD:
        case Z3_OP_FPA_SUB:
        case Z3_OP_FPA_MUL:
        case Z3_OP_FPA_DIV:
        case Z3_OP_FPA_REM:
        case Z3_OP_FPA_FMA:
        case Z3_OP_FPA_SQRT:
          ++circuits;
          break;
        default:
          break;
      }
      return circuits > kMaxGeneralSolverCircuits;
    });
  }

  // Whether memory stays an array in `goal`: a lambda (memset, memcpy, calloc of unknown length) or a read at an
  // address that is not a constant. Bit-blasting such a formula only over-approximates it, and what it leaves
  // behind takes Z3 longer to free than the question took.
  static bool keepsArrays(const smt::Term& goal) {
    return anySubterm(goal, [](const smt::Term& t) {
      return t.is_lambda() || t.is_quantifier() ||
             (t.is_app() && t.decl().decl_kind() == Z3_OP_SELECT && !t.arg(1).is_numeral());
    });
  }

  std::vector<uint64_t> inputsOf(const z3::model& model, size_t first = 0, size_t last = SIZE_MAX) const {
    return bmc::inputsOf(model, encoding_, first, last);
  }

  // A lasso's inputs: the stem's, then the loop's as often as a replay needs to see the state recur.
  std::optional<std::vector<uint64_t>> lassoInputs(const z3::model& model) const {
    std::vector<smt::Term> conditions;
    for (const RecurringState& r : encoding_.recurrences) conditions.push_back(r.condition);
    std::vector<bool> recurs = holdIn(model, conditions);
    for (size_t k = 0; k < encoding_.recurrences.size(); ++k) {
      const RecurringState& r = encoding_.recurrences[k];
      if (!recurs[k]) continue;
      std::vector<uint64_t> inputs = inputsOf(model, 0, r.stemDraws);
      std::vector<uint64_t> loop = inputsOf(model, r.stemDraws, r.loopDraws);
      for (unsigned k = 0; k < kLassoPeriodsReplayed && !loop.empty(); ++k)
        inputs.insert(inputs.end(), loop.begin(), loop.end());
      return inputs;
    }
    return std::nullopt;
  }

 private:
  z3::context& context_;
  const Encoding& encoding_;
  Deadline deadline_;
  std::shared_ptr<smt::QueryLog> smtLog_;
};

std::string describeBlockers(const Encoding& e, Property p, Semantics semantics, const z3::model& model) {
  std::vector<smt::Term> conditions;
  for (const Obligation& c : e.checks) conditions.push_back(c.condition);
  std::vector<bool> fails = holdIn(model, conditions);
  for (size_t k = 0; k < e.checks.size(); ++k) {
    const Obligation& c = e.checks[k];
    if (!blocksProof(c.kind, p, semantics) || !fails[k]) continue;
    std::string where = c.location.known() ? " (line " + std::to_string(c.location.line) + ")" : "";
    return c.what + where;
  }
  return "a check fails";
}

}  // namespace

Result check(const frontend::Program& program, const std::vector<Property>& properties, const Options& options) {
  Result result;
  std::map<Property, Outcome> outcomes;
  for (Property p : properties) outcomes[p] = Outcome::unknown(p, "bounded model checking: not run", kEngine);
  std::map<Property, bool> candidateFound;
  // Whether a property's reading makes unsigned wrap-around an operation C does not compute (`termcomp`).
  const bool wrapChecks = std::any_of(properties.begin(), properties.end(), [&](Property p) {
    return effectOf(Check::WrapAround, p, options.semantics) == Effect::Diverges;
  });
  std::unique_ptr<llvm::Module> module = frontend::normalizedCopy(program);
  auto stillOpen = [&](Property p) { return outcomes[p].verdict == Verdict::Unknown && !candidateFound[p]; };
  // A model's inputs become a candidate for the replay; the property stays UNKNOWN unless the replay confirms it.
  auto propose = [&](Property p, std::vector<uint64_t> inputs, const std::string& what) {
    result.candidates.push_back(CandidateRun{p, std::move(inputs), true});
    candidateFound[p] = true;
    outcomes[p].reason = "bounded model checking: " + what + " did not replay";
  };
  // The solver may run out of memory on a large bound: what was decided at smaller bounds stands.
  std::optional<smt::SolverFailure> failure;
  try {
    failure = smt::attempt([&] {
      double lastRoundSeconds = 0;
      result.nextBound = std::max(1u, options.firstBound);
      for (unsigned bound = result.nextBound; bound <= options.maxBound; bound *= 2) {
        if (options.deadline.expired()) break;
        // The formula at least doubles with the bound: a round that cannot finish in time only costs time.
        if (lastRoundSeconds > 0 && options.deadline.secondsLeft() < 2 * lastRoundSeconds) {
          for (auto& [p, o] : outcomes)
            if (stillOpen(p)) o.reason += " (a larger bound would not finish in time)";
          break;
        }
        const auto roundStart = Deadline::Clock::now();
        if (std::none_of(properties.begin(), properties.end(), stillOpen)) break;
        z3::context context;
        std::optional<Encoding> encoding;
        EncodingOptions encodingOptions;
        encodingOptions.bound = bound;
        encodingOptions.maxInstructions =
            static_cast<size_t>(std::clamp(options.deadline.secondsLeft(), 1.0, 1e6) * kEncodedInstructionsPerSecond);
        encodingOptions.deadline = options.deadline;
        encodingOptions.recurrences =
            stillOpen(Property::Termination) && std::count(properties.begin(), properties.end(), Property::Termination);
        encodingOptions.unsignedWrapChecks = wrapChecks;
        try {
          encoding.emplace(encode(context, *module, encodingOptions));
        } catch (const EncodingFailure& failure) {
          for (auto& [p, o] : outcomes)
            if (o.verdict == Verdict::Unknown) o.reason = std::string("bounded model checking: ") + failure.what();
          break;
        }
        result.bound = bound;
        if (options.progress) options.progress(bound, encoding->checks.size());
        Checker checker(context, *encoding, options.deadline, options.smtLog);
        const smt::Term unwinding = checker.any([](Check k) { return k == Check::UnwindingBound; });
        std::optional<z3::check_result> unwound;  // asked once per bound, when a proof needs it
        bool solverGaveUp = false;
        for (Property p : properties) {
          if (!stillOpen(p)) continue;
          std::optional<z3::model> model;
          // Candidates are models in which uninitialized memory reads as zero, as a replay gives it; a violation that
          // needs other values is not found here, but it still keeps the property from being proved below.
          if (p == Property::Termination && !encoding->recurrences.empty()) {
            z3::expr_vector recurring(context);
            for (const RecurringState& r : encoding->recurrences) recurring.push_back(r.condition);
            if (checker.satisfiable(z3::mk_or(recurring), true, &model) == z3::sat) {
              if (auto inputs = checker.lassoInputs(*model)) {
                propose(p, std::move(*inputs), "a state that recurs within " + std::to_string(bound) + " iterations");
                continue;
              }
            }
          }
          smt::Term violation = checker.any([&](Check k) { return violates(k, p, options.semantics); });
          const auto violationStart = Deadline::Clock::now();
          z3::check_result found = checker.satisfiable(violation, true, &model);
          const std::chrono::duration<double> violationTime = Deadline::Clock::now() - violationStart;
          if (found == z3::sat) {
            propose(p, checker.inputsOf(*model), "a violation within " + std::to_string(bound) + " iterations per loop");
            continue;
          }
          if (found == z3::unknown) {
            solverGaveUp = true;
            break;
          }
          // A proof needs the bound to cover every execution: otherwise the next bound may still find a violation.
          // Where executions do run longer, showing it can take the solver much longer than the search for a
          // violation did, and it decides nothing: so the question gets no more time than that search (or a
          // minimum), and no answer counts as "they may run longer".
          if (!unwound) {
            std::optional<z3::model> longer;
            unwound = checker.satisfiable(
                unwinding, false, &longer,
                options.deadline.capped(std::max(violationTime, std::chrono::duration<double>(kUnwindingMinSeconds))));
            if (*unwound == z3::sat) result.deeperStarts.push_back(CandidateRun{p, checker.inputsOf(*longer), true});
          }
          if (*unwound != z3::unsat) {
            outcomes[p].reason = "bounded model checking: no violation within " + std::to_string(bound) +
                                 " iterations per loop, but executions " +
                                 (*unwound == z3::sat ? "run longer" : "may run longer");
            continue;
          }
          if (wrapChecks && effectOf(Check::WrapAround, p, options.semantics) != Effect::Diverges) {
            // The wrap-around checks cut paths this property goes on along.
            outcomes[p].reason = "bounded model checking: checked together with properties of another reading";
            continue;
          }
          smt::Term blockers = checker.any([&](Check k) { return blocksProof(k, p, options.semantics); });
          z3::check_result blocked = checker.satisfiable(blockers, false, &model);
          if (blocked == z3::unsat && wrapChecks) {
            // The encoding's values have C's widths: the values drawn lie in their types' ranges, which termcomp's
            // do not, and it does not check the conversions of a negative int to unsigned that the IR leaves out.
            outcomes[p].reason = "bounded model checking: every execution ends within " + std::to_string(bound) +
                                 " iterations per loop in C without an unsigned wrap-around; under termcomp that "
                                 "proves nothing, since the encoding draws values of C's widths";
          } else if (blocked == z3::unsat) {
            outcomes[p].verdict = Verdict::True;
            outcomes[p].reason = "bounded model checking: every execution ends within " + std::to_string(bound) +
                                 " iterations per loop and none goes wrong";
          } else if (blocked == z3::sat) {
            outcomes[p].reason = "bounded model checking, all executions unwound (" + std::to_string(bound) +
                                 " iterations per loop): " + describeBlockers(*encoding, p, options.semantics, *model);
          } else {
            solverGaveUp = true;
            break;
          }
        }
        if (solverGaveUp) {
          for (auto& [p, o] : outcomes)
            if (stillOpen(p))
              o.reason = "bounded model checking: the solver did not finish at " + std::to_string(bound) +
                         " iterations per loop";
          break;
        }
        if (unwound && *unwound == z3::unsat) break;  // a larger bound adds nothing
        lastRoundSeconds = std::chrono::duration<double>(Deadline::Clock::now() - roundStart).count();
        result.nextBound = bound * 2;
      }
    });
  } catch (const std::bad_alloc&) {
    for (auto& [p, o] : outcomes)
      if (o.verdict == Verdict::Unknown) o.reason = "bounded model checking: out of memory";
  }
  if (failure)
    for (auto& [p, o] : outcomes)
      if (o.verdict == Verdict::Unknown) o.reason = "bounded model checking: " + failure->reason();
  for (Property p : properties) result.outcomes.push_back(outcomes[p]);
  return result;
}

}  // namespace atropos::bmc
