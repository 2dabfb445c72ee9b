// The Termination Competition's SMT-LIB form of integer transition systems (../shared/its-benchmarks/README.md):
// `init_main` names the start location, `next_main` is a disjunction of `cfg_trans2 pc <from> pc1 <to> <relation>`
// over pre-state and post-state variables (with `exists` for temporaries).
//
// Reading turns each relation into a guard and an update: a post-state variable defined by an equation becomes
// that term, any other post-state variable becomes a temporary (any value that satisfies the guard). This is exact.
#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "common/deadline.h"
#include "its/its.h"
#include "smt/term.h"

namespace atropos::its {

struct ReadResult {
  std::optional<Its> its;
  std::string error;  // when its is empty
  // The start condition is not `true` and was left out: the system read has more runs than the file's, so only
  // a termination proof carries over.
  bool overApproximated = false;
};

// Stops with an error when the deadline passes (a file of thousands of transitions over as many variables).
ReadResult readSmtLib(const std::string& text, z3::context& context, const Deadline& deadline = Deadline::never());
void writeSmtLib(std::ostream& out, const Its& its);

}  // namespace atropos::its
