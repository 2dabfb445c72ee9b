// A record of the solver's questions (`--smt-log DIR`): each check becomes a file of its own, an SMT-LIB script
// that the `z3` command-line tool runs alone, with the answer Atropos got in its `:status`. When a solver misbehaves,
// the question can be replayed, reduced and reported without Atropos.
#pragma once

#include <z3++.h>

#include <atomic>
#include <filesystem>
#include <string>

namespace atropos::smt {

class QueryLog {
 public:
  // Creates `folder` if needed; throws std::filesystem::filesystem_error when it cannot.
  explicit QueryLog(std::filesystem::path folder);

  // Writes the assertions of `solver` (all of its scopes) and `(check-sat)` to the next file, `q000001.smt2` on.
  void record(z3::solver& solver, z3::check_result answer);

 private:
  std::filesystem::path folder_;
  std::atomic<unsigned long long> next_ = 0;
};

}  // namespace atropos::smt
