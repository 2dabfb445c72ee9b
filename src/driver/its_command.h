// `atropos its FILE.smt2`: the termination back end on an integer transition system of the Termination Competition.
#pragma once

#include "options.h"

namespace atropos::driver {

// Prints YES, NO or MAYBE on the first line, then the proof or the reason; returns the exit status.
int runItsCommand(const Options& options);

}  // namespace atropos::driver
