// The embedded SMT solver (Z3) behind every entailment check of the abstract engines.
//
// A Solver is incremental: callers push the facts that hold along a path scope by scope and ask many questions
// against them. Every question has its own time limit and obeys the engine's deadline; a question the solver
// cannot settle in time is answered "don't know", which callers must treat as "not proven".
#pragma once

#include <z3++.h>

#include <chrono>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "common/deadline.h"
#include "smt/query_log.h"
#include "smt/term.h"

namespace atropos::smt {

enum class Answer { Yes, No, Unknown };

// How long each question may take, when everything must stop, and where questions are recorded (none when null).
struct Limits {
  Limits() = default;
  explicit Limits(unsigned queryMillis, const Deadline& deadline = Deadline::never(),
                  std::shared_ptr<QueryLog> log = nullptr)
      : queryMillis(queryMillis), deadline(deadline), log(std::move(log)) {}

  unsigned queryMillis = 300;
  Deadline deadline = Deadline::never();
  std::shared_ptr<QueryLog> log;
  // Z3's resource units a millisecond of a question is worth: about a thousand on linear and bit-blasted problems.
  unsigned resourcePerMilli = 1000;
};

// The procedures of Z3's that engines ask, each made by makeSolver.
enum class Procedure {
  Simple,          // Z3's simple solver: incremental, no preprocessing, cheap to set up
  LinearIntegers,  // QF_LIA
  LinearReals,     // QF_LRA
  // Bit-vectors and floating point without arrays: simplified, solved for equalities, bit-blasted and decided by SAT.
  // It settles most questions of bounded model checking in milliseconds and looks at its resource limit more often
  // than the general solvers while it turns arithmetic into circuits, but not always, and not at an interrupt: check
  // it with checkIsolated.
  BitBlasting,
  SmtCore,  // simplification, then Z3's SMT core: arrays and lambdas
  General,  // Z3's default solver, the one that decides floating point with arrays
  // Spacer, for constrained Horn clauses. Every predicate is kept (no inlining), so that a solution interprets each
  // over its own arguments.
  Horn,
};

// A solver of `procedure`, for engines that need Z3's own interface, e.g. for linear programs. Each check gets a
// resource budget worth about the per-question limit, or what is left before the deadline when that is less; away
// from the deadline the same question gets the same answer on a busy machine. Where a question may be non-linear,
// check it with checkLimited: Z3 does not count resources everywhere.
z3::solver makeSolver(z3::context& context, Procedure procedure, const Limits& limits);
// An optimizer of several objectives at once, each minimized or maximized on its own (Z3's box priority), with the
// same budget. Z3's optimizer was seen to crash when its resource limit stopped it: run it apart (smt/isolated.h).
z3::optimize boxOptimizer(z3::context& context, const Limits& limits);

// Ends a check of a solver of one context when its time is up, by interrupting Z3 from a thread of its own that
// sleeps until then. Z3's resource limit does not stop its incremental and simple solvers on non-linear problems
// (33 as a sum of three cubes ran on for minutes), and Z3's own timeout hands every check to a timer thread and
// yields the processor until that thread answers, which cost up to a second of system time in a few thousand checks.
class QueryWatch {
 public:
  // Each check is recorded in `log` when one is given.
  explicit QueryWatch(z3::context& context, std::shared_ptr<QueryLog> log = nullptr);
  ~QueryWatch();
  QueryWatch(const QueryWatch&) = delete;
  QueryWatch& operator=(const QueryWatch&) = delete;

  // solver.check(), interrupted after `limit` (unknown then); Z3's exceptions pass through.
  z3::check_result check(z3::solver& solver, std::chrono::milliseconds limit);
  // How many checks ran out of time.
  unsigned long long interrupted() const { return interrupted_; }

 private:
  class Thread;
  z3::context& context_;
  std::shared_ptr<QueryLog> log_;
  std::unique_ptr<Thread> thread_;  // started by the first check
  unsigned long long interrupted_ = 0;
};

// A check of a solver from makeSolver(context, ..., limits): its resource budget decides, and the watch stops
// it at the deadline or when it runs far longer than the budget should take (checkTime). Unknown also when Z3 fails.
// The watch's log records it.
z3::check_result checkLimited(QueryWatch& watch, z3::solver& solver, const Limits& limits);
// A check of a solver from makeSolver whose resource budget alone stops it (linear problems), recorded in the
// limits' log; Z3's exceptions pass through.
z3::check_result checkCounted(z3::solver& solver, const Limits& limits);
// Is `formula`, a linear integer problem, satisfiable? Asked of the simple solver first, which costs a seventh of
// setting up the QF_LIA one for a small question, then of the QF_LIA one when the simple one does not know; so the
// answer is the QF_LIA one's wherever that one knows it. Each check has the budget of `limits`, counted as by
// checkCounted.
z3::check_result checkLinearIntegers(z3::context& context, const smt::Term& formula, const Limits& limits);
// How long such a check may run: a few times its budget's time, and not beyond the deadline (zero once it passed).
std::chrono::milliseconds checkTime(const Limits& limits);

// The indices of `facts` that neither `background` nor the other facts kept imply, the later ones left out first: what
// a reader of the facts needs. One incremental solver with a resource limit, not a time limit, so that the same facts
// are kept on any machine and under any load; a fact the solver cannot settle within it is kept.
std::vector<size_t> independentFacts(const std::vector<z3::expr>& facts, const std::vector<z3::expr>& background);

// Does every one of `facts` evaluate to true in `model`, with the symbols it leaves open completed?
bool holdsIn(const z3::model& model, const z3::expr_vector& facts);

class Solver {
 public:
  Solver(z3::context& context, const Limits& limits);
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  void push();
  void pop(unsigned scopes = 1);
  unsigned depth() const { return depth_; }
  void add(const smt::Term& fact);

  // Do the asserted facts imply `goal`? No means a model of the facts falsifies it.
  Answer entails(const smt::Term& goal);
  // Are the asserted facts (and `extra`) satisfiable?
  Answer satisfiable(const smt::Term& extra);
  // A model of the asserted facts and `extra`, when they are satisfiable and the model is checked to satisfy them.
  std::optional<z3::model> model(const smt::Term& extra);

  unsigned long long queries() const { return queries_; }
  // How many questions ran out of time.
  unsigned long long interrupted() const { return watch_.interrupted(); }

 private:
  z3::check_result check(const smt::Term& extra);
  // Sets the next question's resource limit and returns its time limit; nothing when the deadline has passed.
  std::optional<unsigned> limitNextQuery();

  z3::context& context_;
  z3::solver solver_;
  Limits limits_;
  unsigned depth_ = 0;
  unsigned long long queries_ = 0;
  unsigned limitedMillis_ = 0;  // the limit the solver has now (0: none yet); setting it costs as much as a query
  QueryWatch watch_;
};

}  // namespace atropos::smt
