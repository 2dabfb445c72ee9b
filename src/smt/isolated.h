// A solver check in a child process, for checks that Z3 cannot be trusted to end or to survive.
//
// Some of Z3's tactics do not look at their limits: bit-blasting a few hundred 64-bit multiplications by -1 ran
// 34 s and to 7 GB past a limit of 62 ms, and an allocation that fails there can throw an exception nothing
// catches. A check in a forked child is ended by the parent when its time is up, and whatever the child does
// (run on, run out of memory, abort) is an unknown answer to the parent.
#pragma once

#include <z3++.h>

#include <chrono>

#include "smt/solver.h"

namespace atropos::smt {

// solver.check(), run first in a child process that is killed after `limit`. Unknown when the child runs out of
// time, fails or dies. Unsat is the child's answer. On sat the parent runs the same check itself to get the model:
// a forked child is a copy of the parent, and the same check in the same state takes the same path in Z3, so it
// ends as the child's did. The solver must count its limit in resource units (rlimit), not with Z3's timer, whose
// threads a child does not have. Where no child can be started, the check runs in this process.
z3::check_result checkIsolated(z3::solver& solver, std::chrono::milliseconds limit);
// The same for a solver from limitedSolver(context, ..., limits): ended at the per-question limit or the deadline,
// whichever comes first, and unknown once the deadline has passed.
z3::check_result checkIsolated(z3::solver& solver, const Limits& limits);

}  // namespace atropos::smt
