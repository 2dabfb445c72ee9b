#include "smt/query_log.h"

#include <cstdio>
#include <fstream>
#include <unordered_set>
#include <vector>

namespace atropos::smt {

namespace {

// The logic to replay a question in. Z3's command-line tool guesses a strategy from the assertions when no logic is
// set, and 4.8.12 then runs for minutes on questions the API answers in a millisecond (e.g. linear facts over
// constants near 2^64 under QF_LIA or no logic, at once under QF_NIA): the replay names a logic that admits the
// assertions. None for quantifiers or uninterpreted functions, where Z3 chooses (Horn clauses go to Spacer).
std::string replayLogic(const z3::expr_vector& assertions) {
  bool integers = false, reals = false, bitvectors = false, arrays = false, other = false;
  std::unordered_set<unsigned> seen;
  std::vector<z3::expr> work;
  for (unsigned i = 0; i < assertions.size(); ++i) work.push_back(assertions[static_cast<int>(i)]);
  while (!work.empty() && !other) {
    const z3::expr e = work.back();
    work.pop_back();
    if (!seen.insert(e.id()).second) continue;
    if (e.is_quantifier() || e.is_var()) {
      other = true;
      break;
    }
    const z3::sort s = e.get_sort();
    integers |= s.is_int();
    reals |= s.is_real();
    bitvectors |= s.is_bv();
    arrays |= s.is_array();
    other |= !(s.is_bool() || s.is_int() || s.is_real() || s.is_bv() || s.is_array());
    if (!e.is_app()) continue;
    const z3::func_decl f = e.decl();
    if (f.decl_kind() == Z3_OP_UNINTERPRETED && f.arity() > 0) other = true;
    for (unsigned i = 0; i < e.num_args(); ++i) work.push_back(e.arg(i));
  }
  if (other || (integers && reals) || ((integers || reals) && bitvectors)) return "";
  if (bitvectors) return arrays ? "QF_ABV" : "QF_BV";
  if (arrays) return "";
  if (reals) return "QF_NRA";
  return "QF_NIA";
}

}  // namespace

QueryLog::QueryLog(std::filesystem::path folder) : folder_(std::move(folder)) {
  std::filesystem::create_directories(folder_);
}

namespace {

const char* statusOf(z3::check_result answer) {
  return answer == z3::sat ? "sat" : answer == z3::unsat ? "unsat" : "unknown";
}

}  // namespace

std::filesystem::path QueryLog::nextFile() {
  char name[32];
  std::snprintf(name, sizeof name, "q%06llu.smt2", ++next_);
  return folder_ / name;
}

void QueryLog::record(z3::solver& solver, z3::check_result answer) {
  std::ofstream out(nextFile());
  out << "; Atropos's answer: " << statusOf(answer) << "\n";
  if (const std::string logic = replayLogic(solver.assertions()); !logic.empty())
    out << "(set-logic " << logic << ")\n";
  out << solver.to_smt2(statusOf(answer));
}

void QueryLog::recordMinimization(const z3::expr& constraint, const std::vector<Term>& minimized,
                                  z3::check_result answer) {
  z3::context& context = constraint.ctx();
  z3::optimize optimizer(context);
  z3::params priority(context);
  priority.set("priority", context.str_symbol("box"));
  optimizer.set(priority);
  optimizer.add(constraint);
  for (const Term& objective : minimized) optimizer.minimize(objective);
  std::ofstream out(nextFile());
  out << "; Atropos's answer: " << statusOf(answer) << "\n(set-info :status " << statusOf(answer) << ")\n";
  if (const std::string logic = replayLogic(optimizer.assertions()); !logic.empty())
    out << "(set-logic " << logic << ")\n";
  out << optimizer;
}

}  // namespace atropos::smt
