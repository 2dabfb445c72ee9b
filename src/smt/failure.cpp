#include "smt/failure.h"

#include <z3++.h>

namespace atropos::smt {

namespace {

bool contains(const std::string& text, const char* part) { return text.find(part) != std::string::npos; }

// Z3 4.8 says "canceled" when interrupted, "timeout" at its own timer, "max. resource limit exceeded" at its
// rlimit and "max. memory exceeded" or "out of memory" when its allocator fails.
SolverFailure::Kind kindOf(const std::string& message) {
  if (contains(message, "cancel") || contains(message, "timeout")) return SolverFailure::Kind::Timeout;
  if (contains(message, "resource") || contains(message, "memory")) return SolverFailure::Kind::Resource;
  return SolverFailure::Kind::Crash;
}

}  // namespace

std::string SolverFailure::reason() const {
  switch (kind) {
    case Kind::Timeout:
      return "the solver ran out of time (" + message + ")";
    case Kind::Resource:
      return "the solver ran out of resources (" + message + ")";
    case Kind::Crash:
      break;
  }
  return "the solver failed: " + message;
}

std::optional<SolverFailure> attempt(const std::function<void()>& work) {
  try {
    work();
  } catch (const z3::exception& e) {
    const std::string message = e.msg();
    return SolverFailure{kindOf(message), message};
  }
  return std::nullopt;
}

}  // namespace atropos::smt
