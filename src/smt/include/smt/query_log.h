// A record of the solver's questions (`--smt-log DIR`): each check becomes a file of its own, an SMT-LIB script
// that the `z3` command-line tool runs alone, with the answer Atropos got in its `:status`. When a solver misbehaves,
// the question can be replayed, reduced and reported without Atropos.
#pragma once

#include <z3++.h>

#include <atomic>
#include <filesystem>
#include <string>
#include <vector>

#include "smt/term.h"

namespace atropos::smt {

class QueryLog {
 public:
  // Creates `folder` if needed; throws std::filesystem::filesystem_error when it cannot.
  explicit QueryLog(std::filesystem::path folder);

  // Writes the assertions of `solver` (all of its scopes) and `(check-sat)` to the next file, `q000001.smt2` on.
  void record(z3::solver& solver, z3::check_result answer);
  // The same for an optimizer's question: `constraint`, each of `minimized` minimized on its own (Z3's box
  // priority), and `(check-sat)`; without the optimizer's budget, whose options the `z3` tool does not take. The
  // answer is the one the optimizer gave where it ran (smt/isolated.h).
  void recordMinimization(const z3::expr& constraint, const std::vector<Term>& minimized, z3::check_result answer);

 private:
  std::filesystem::path nextFile();

  std::filesystem::path folder_;
  std::atomic<unsigned long long> next_ = 0;
};

}  // namespace atropos::smt
