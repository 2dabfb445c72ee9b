// The one place where the solver's exceptions become answers.
//
// Z3 reports a check it could not finish, and an error, by throwing. Engines run a piece of work that asks the solver
// through `attempt` and get back why it gave no answer, never an exception of Z3's: a question that ran out of time
// or out of resources is "don't know", like any other unknown, and so is a failure of the solver itself.
#pragma once

#include <functional>
#include <optional>
#include <string>

namespace atropos::smt {

struct SolverFailure {
  enum class Kind {
    Timeout,   // the check was interrupted: its time or the deadline was up
    Resource,  // its resource limit or the memory ran out
    Crash,     // anything else the solver reported (an ill-sorted term, a procedure that gave up with an error)
  };
  Kind kind = Kind::Crash;
  std::string message;  // the solver's own words

  // For a reason of an UNKNOWN: "the solver ran out of time (canceled)", "... of resources (...)", "the solver
  // failed: ...".
  std::string reason() const;
};

// Runs `work`; when the solver throws inside it, the failure it reported (work is then left where it threw). Other
// exceptions pass through.
std::optional<SolverFailure> attempt(const std::function<void()>& work);

}  // namespace atropos::smt
