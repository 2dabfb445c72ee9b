#include "smt/solver.h"

#include <algorithm>

#include "smt/term.h"

namespace atropos::smt {

z3::solver limitedSolver(z3::context& context, const char* logic, const Limits& limits) {
  z3::solver solver = logic ? z3::solver(context, logic) : z3::solver(context, z3::solver::simple());
  double left = limits.deadline.secondsLeft();
  unsigned millis = limits.queryMillis;
  if (left * 1000 < millis) millis = std::max(1u, static_cast<unsigned>(std::max(0.0, left) * 1000));
  // A resource limit, not Z3's timeout: Z3 4.8's timer threads were seen to deadlock and to miss the timeout on
  // linear programs with large coefficients by minutes. About a thousand units make a millisecond on these
  // problems; the limit also makes answers independent of the machine's load.
  z3::params params(context);
  params.set("rlimit", millis * 1000);
  solver.set(params);
  return solver;
}

Solver::Solver(z3::context& context, const Limits& limits)
    : context_(context), solver_(context, "QF_NIA"), limits_(limits) {}

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

bool Solver::limitNextQuery() {
  double left = limits_.deadline.secondsLeft();
  if (left <= 0) return false;
  unsigned millis = limits_.queryMillis;
  if (left * 1000 < millis) millis = std::max(1u, static_cast<unsigned>(left * 1000));
  if (millis == limitedMillis_) return true;
  limitedMillis_ = millis;
  // Z3 misses its timeout while it works on non-linear arithmetic (a minute over a limit of 0.3 s was seen), so a
  // resource limit well beyond what the timeout allows stops it too; it decides nothing the timeout would not.
  constexpr unsigned kUnitsPerMilli = 10000;
  z3::params params(context_);
  params.set("timeout", millis);
  params.set("rlimit", millis * kUnitsPerMilli);
  solver_.set(params);
  return true;
}

z3::check_result Solver::check(const smt::Term& extra) {
  ++queries_;
  if (!limitNextQuery()) return z3::unknown;
  solver_.push();
  solver_.add(extra);
  z3::check_result result;
  try {
    result = solver_.check();
  } catch (const z3::exception&) {
    result = z3::unknown;
  }
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
  if (!limitNextQuery()) return std::nullopt;
  solver_.push();
  solver_.add(extra);
  std::optional<z3::model> result;
  try {
    if (solver_.check() == z3::sat) result = solver_.get_model();
  } catch (const z3::exception&) {
  }
  solver_.pop();
  return result;
}

}  // namespace atropos::smt
