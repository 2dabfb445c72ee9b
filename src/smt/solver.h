// The embedded SMT solver (Z3) behind every entailment check of the abstract engines.
//
// A Solver is incremental: callers push the facts that hold along a path scope by scope and ask many questions
// against them. Every question has its own time limit and obeys the engine's deadline; a question the solver
// cannot settle in time is answered "don't know", which callers must treat as "not proven".
#pragma once

#include <z3++.h>

#include <optional>

#include "common/deadline.h"
#include "smt/term.h"

namespace atropos::smt {

enum class Answer { Yes, No, Unknown };

struct Limits {
  unsigned queryMillis = 300;
  Deadline deadline = Deadline::never();
};

// A plain Z3 solver for `logic` (nullptr: Z3's simple solver) for engines that need Z3's own interface, e.g. for
// linear programs. Each check gets a resource budget worth about the per-question limit, or what is left before
// the deadline when that is less; away from the deadline the same question gets the same answer on a busy machine.
z3::solver limitedSolver(z3::context& context, const char* logic, const Limits& limits);

class Solver {
 public:
  Solver(z3::context& context, const Limits& limits);

  void push();
  void pop(unsigned scopes = 1);
  unsigned depth() const { return depth_; }
  void add(const smt::Term& fact);

  // Do the asserted facts imply `goal`? No means a model of the facts falsifies it.
  Answer entails(const smt::Term& goal);
  // Are the asserted facts (and `extra`) satisfiable?
  Answer satisfiable(const smt::Term& extra);
  // A model of the asserted facts and `extra`, when they are satisfiable.
  std::optional<z3::model> model(const smt::Term& extra);

  unsigned long long queries() const { return queries_; }

 private:
  z3::check_result check(const smt::Term& extra);
  // Sets the next question's limits; false when the deadline has passed.
  bool limitNextQuery();

  z3::context& context_;
  z3::solver solver_;
  Limits limits_;
  unsigned depth_ = 0;
  unsigned long long queries_ = 0;
  unsigned limitedMillis_ = 0;  // the limit the solver has now (0: none yet); setting it costs as much as a query
};

}  // namespace atropos::smt
