#include "smt/solver.h"

#include <algorithm>
#include <condition_variable>
#include <mutex>
#include <system_error>
#include <thread>
#include <utility>

#include "smt/failure.h"
#include "smt/term.h"

namespace atropos::smt {

namespace {

// The parameters that give a check the budget of `limits`.
z3::params budgetOf(z3::context& context, const Limits& limits) {
  double left = limits.deadline.secondsLeft();
  unsigned millis = limits.queryMillis;
  if (left * 1000 < millis) millis = std::max(1u, static_cast<unsigned>(std::max(0.0, left) * 1000));
  // A resource limit, not Z3's timeout: Z3 4.8's timer threads were seen to deadlock and to miss the timeout on
  // linear programs with large coefficients by minutes. The limit also makes answers independent of the machine's
  // load.
  z3::params params(context);
  params.set("rlimit", millis * limits.resourcePerMilli);
  params.set("ctrl_c", false);  // Z3 would install its handler of SIGINT around every check
  return params;
}

z3::solver unlimitedSolver(z3::context& context, Procedure procedure) {
  auto tactic = [&](const char* name) { return z3::tactic(context, name); };
  switch (procedure) {
    case Procedure::Simple:
      return z3::solver(context, z3::solver::simple());
    case Procedure::LinearIntegers:
      return z3::solver(context, "QF_LIA");
    case Procedure::LinearReals:
      return z3::solver(context, "QF_LRA");
    case Procedure::BitBlasting:
      return (tactic("simplify") & tactic("fpa2bv") & tactic("propagate-values") & tactic("solve-eqs") &
              tactic("bit-blast") & tactic("sat"))
          .mk_solver();
    case Procedure::SmtCore:
      return (tactic("simplify") & tactic("smt")).mk_solver();
    case Procedure::General:
      break;
    case Procedure::Horn: {
      z3::solver horn(context, "HORN");
      z3::params params(context);
      params.set("xform.inline_eager", false);
      params.set("xform.inline_linear", false);
      horn.set(params);
      return horn;
    }
  }
  return z3::solver(context);
}

}  // namespace

z3::solver makeSolver(z3::context& context, Procedure procedure, const Limits& limits) {
  z3::solver solver = unlimitedSolver(context, procedure);
  solver.set(budgetOf(context, limits));
  return solver;
}

z3::optimize boxOptimizer(z3::context& context, const Limits& limits) {
  z3::optimize optimizer(context);
  z3::params params = budgetOf(context, limits);
  params.set("priority", context.str_symbol("box"));
  optimizer.set(params);
  return optimizer;
}

// Sleeps until the current check's time is up and interrupts Z3 then. Starting and ending a check take an
// uncontended lock, and no system call unless the new check's limit comes before the time the thread sleeps to.
class QueryWatch::Thread {
 public:
  using Clock = std::chrono::steady_clock;

  explicit Thread(z3::context& context) : context_(context), thread_([this] { watch(); }) {}
  ~Thread() {
    {
      std::lock_guard lock(mutex_);
      closing_ = true;
    }
    wake_.notify_one();
    thread_.join();
  }
  Thread(const Thread&) = delete;
  Thread& operator=(const Thread&) = delete;

  void start(Clock::time_point until) {
    bool earlier = false;
    {
      std::lock_guard lock(mutex_);
      until_ = until;
      earlier = until < wakeUp_;
    }
    if (earlier) wake_.notify_one();
  }
  // Whether the check was interrupted.
  bool stop() {
    std::lock_guard lock(mutex_);
    until_.reset();
    return std::exchange(interrupted_, false);
  }

 private:
  // Without a check the thread looks again this often.
  static constexpr std::chrono::milliseconds kIdlePoll{20};

  void watch() {
    std::unique_lock lock(mutex_);
    while (!closing_) {
      const Clock::time_point now = Clock::now();
      if (until_ && now >= *until_) {
        // Under the lock the check cannot have ended and another begun. Z3 resets its cancel flag when a check
        // begins, so an interrupt that comes just before is lost: it is repeated until the check ends.
        context_.interrupt();
        interrupted_ = true;
        until_ = now + kIdlePoll;
      }
      wakeUp_ = until_ ? *until_ : now + kIdlePoll;
      wake_.wait_until(lock, wakeUp_);
    }
  }

  z3::context& context_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::optional<Clock::time_point> until_;  // when the current check's time is up
  Clock::time_point wakeUp_;                // when the thread looks again
  bool interrupted_ = false;
  bool closing_ = false;
  std::thread thread_;  // last: it starts watching once the members above exist
};

QueryWatch::QueryWatch(z3::context& context, std::shared_ptr<QueryLog> log)
    : context_(context), log_(std::move(log)) {}

QueryWatch::~QueryWatch() = default;

z3::check_result QueryWatch::check(z3::solver& solver, std::chrono::milliseconds limit) {
  if (!thread_) {
    try {
      thread_ = std::make_unique<Thread>(context_);
    } catch (const std::system_error&) {
      // no thread to be had: the resource limit alone
      const z3::check_result result = solver.check();
      if (log_) log_->record(solver, result);
      return result;
    }
  }
  // Ends the watch however the check ends. An interrupt may come after the check has ended and before the watch
  // stops; Z3 would keep its cancel flag up until the next check, and everything the context does meanwhile (a
  // simplification, say) would fail as cancelled. An empty check resets the flag.
  struct Stop {
    QueryWatch& watch;
    bool& interrupted;
    ~Stop() {
      interrupted = watch.thread_->stop();
      if (!interrupted) return;
      attempt([&] { z3::solver(watch.context_, z3::solver::simple()).check(); });
    }
  };
  bool interrupted = false;
  z3::check_result result;
  {
    Stop stop{*this, interrupted};
    thread_->start(Thread::Clock::now() + limit);
    result = solver.check();
  }
  if (interrupted && result == z3::unknown) ++interrupted_;
  if (log_) log_->record(solver, result);
  return result;
}

std::vector<size_t> independentFacts(const std::vector<z3::expr>& facts, const std::vector<z3::expr>& background) {
  std::vector<size_t> kept(facts.size());
  for (size_t k = 0; k < facts.size(); ++k) kept[k] = k;
  if (facts.empty()) return kept;
  z3::context& context = facts.front().ctx();
  // Z3's simple solver: the default one costs more to set up than these few small questions take.
  z3::solver solver(context, z3::solver::simple());
  z3::params params(context);
  params.set("rlimit", 2000000u);
  params.set("ctrl_c", false);
  solver.set(params);
  for (const z3::expr& b : background) solver.add(b);
  std::vector<z3::expr> guards;
  for (size_t k = 0; k < facts.size(); ++k) {
    guards.push_back(context.bool_const(("atropos!fact" + std::to_string(k)).c_str()));
    solver.add(z3::implies(guards.back(), facts[k]));
  }
  for (size_t k = facts.size(); k-- > 0;) {
    z3::expr_vector assumptions(context);
    for (size_t j : kept)
      if (j != k) assumptions.push_back(guards[j]);
    solver.push();
    solver.add(!facts[k]);
    const bool implied = solver.check(assumptions) == z3::unsat;
    solver.pop();
    if (implied) kept.erase(std::find(kept.begin(), kept.end(), k));
  }
  return kept;
}

std::chrono::milliseconds checkTime(const Limits& limits) {
  // Where Z3 counts resources, a check takes about its budget's time even on a busy machine: the time limit only
  // ends the checks where it does not. Later would cost more where it does not: at 10 budgets, the checks of
  // polynomial equalities that Z3 runs on without counting took termination-nla cohencu6's time for its proof.
  constexpr unsigned kBudgetsOfTime = 4;
  const double left = limits.deadline.secondsLeft();
  if (left <= 0) return std::chrono::milliseconds(0);
  const double millis = std::min(left * 1000, static_cast<double>(limits.queryMillis) * kBudgetsOfTime);
  return std::chrono::milliseconds(std::max(1, static_cast<int>(millis)));
}

z3::check_result checkLimited(QueryWatch& watch, z3::solver& solver, const Limits& limits) {
  const std::chrono::milliseconds time = checkTime(limits);
  if (time.count() <= 0) return z3::unknown;
  z3::check_result result = z3::unknown;
  attempt([&] { result = watch.check(solver, time); });
  return result;
}

z3::check_result checkCounted(z3::solver& solver, const Limits& limits) {
  const z3::check_result result = solver.check();
  if (limits.log) limits.log->record(solver, result);
  return result;
}

z3::check_result checkLinearIntegers(z3::context& context, const smt::Term& formula, const Limits& limits) {
  // Setting up the QF_LIA solver (its tactics) is most of a small question's cost: 0.83 ms a question against 0.11 ms
  // on the simple solver (2,000 small validity questions). The simple solver lacks its preprocessing and is left
  // without an answer by some questions the QF_LIA one settles.
  for (Procedure procedure : {Procedure::Simple, Procedure::LinearIntegers}) {
    z3::solver solver = makeSolver(context, procedure, limits);
    solver.add(formula);
    const z3::check_result result = checkCounted(solver, limits);
    if (result != z3::unknown) return result;
  }
  return z3::unknown;
}

Solver::Solver(z3::context& context, const Limits& limits)
    : context_(context), solver_(context, "QF_NIA"), limits_(limits), watch_(context, limits.log) {}

void Solver::push() {
  solver_.push();
  ++depth_;
}

void Solver::pop(unsigned scopes) {
  if (scopes == 0) return;
  solver_.pop(scopes);
  depth_ -= scopes;
}

void Solver::add(const smt::Term& fact) { solver_.add(fact); }

std::optional<unsigned> Solver::limitNextQuery() {
  double left = limits_.deadline.secondsLeft();
  if (left <= 0) return std::nullopt;
  unsigned millis = limits_.queryMillis;
  if (left * 1000 < millis) millis = std::max(1u, static_cast<unsigned>(left * 1000));
  if (millis == limitedMillis_) return millis;
  limitedMillis_ = millis;
  // A resource limit well beyond what the time allows as well, in case Z3 misses an interrupt; it decides nothing
  // the time limit would not.
  constexpr unsigned kUnitsPerMilli = 10000;
  z3::params params(context_);
  params.set("rlimit", millis * kUnitsPerMilli);
  params.set("ctrl_c", false);  // Z3 would install its handler of SIGINT around every check
  solver_.set(params);
  return millis;
}

z3::check_result Solver::check(const smt::Term& extra) {
  ++queries_;
  std::optional<unsigned> millis = limitNextQuery();
  if (!millis) return z3::unknown;
  solver_.push();
  solver_.add(extra);
  z3::check_result result = z3::unknown;
  attempt([&] { result = watch_.check(solver_, std::chrono::milliseconds(*millis)); });
  solver_.pop();
  return result;
}

Answer Solver::entails(const smt::Term& goal) {
  switch (check(!goal)) {
    case z3::unsat:
      return Answer::Yes;
    case z3::sat:
      return Answer::No;
    default:
      return Answer::Unknown;
  }
}

Answer Solver::satisfiable(const smt::Term& extra) {
  switch (check(extra)) {
    case z3::sat:
      return Answer::Yes;
    case z3::unsat:
      return Answer::No;
    default:
      return Answer::Unknown;
  }
}

std::optional<z3::model> Solver::model(const smt::Term& extra) {
  ++queries_;
  std::optional<unsigned> millis = limitNextQuery();
  if (!millis) return std::nullopt;
  solver_.push();
  solver_.add(extra);
  std::optional<z3::model> result;
  attempt([&] {
    if (watch_.check(solver_, std::chrono::milliseconds(*millis)) != z3::sat) return;
    z3::model candidate = solver_.get_model();
    // The engines build states and counterexamples from the model's values, so it is checked against every asserted
    // fact before it is used; one that fails is treated as no answer.
    if (holdsIn(candidate, solver_.assertions())) result = candidate;
  });
  solver_.pop();
  return result;
}

bool holdsIn(const z3::model& model, const z3::expr_vector& facts) {
  for (unsigned i = 0; i < facts.size(); ++i)
    if (!model.eval(facts[i], true).is_true()) return false;
  return true;
}

}  // namespace atropos::smt
