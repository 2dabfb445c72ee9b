// Work in a child process, for solver checks that Z3 cannot be trusted to end or to survive.
//
// Some of Z3's procedures do not look at their limits: bit-blasting a few hundred 64-bit multiplications by -1 ran
// 34 s and to 7 GB past a limit of 62 ms, and an allocation that fails there can throw an exception nothing
// catches; its optimizer crashed (SIGSEGV) on small linear problems when its resource limit stopped it. Work in a
// forked child is ended by the parent when its time is up, and whatever the child does (run on, run out of memory,
// crash) is no answer to the parent.
#pragma once

#include <z3++.h>

#include <chrono>
#include <functional>
#include <optional>
#include <string>

namespace atropos::smt {

struct Limits;

// What `work` returns, computed in a forked child that is killed after `limit`: nothing when the child runs out of
// time, throws anything, dies, or cannot be started. The child shares nothing with the parent after the fork, so
// `work` reaches the parent only through the text it returns.
std::optional<std::string> runApart(const std::function<std::string()>& work, std::chrono::milliseconds limit);

// solver.check() in a child (runApart). Unknown when the child gives no answer. Unsat is the child's answer. On sat
// the child also hands back the values its model gives the Boolean and bit-vector constants of the assertions; the
// parent fixes them in a new scope of `solver` (left pushed, so that the model stays) and checks again for its own
// model, which then takes no search. The solver must count its limit in resource units (rlimit): the parent's kill
// is its only timer.
z3::check_result checkIsolated(z3::solver& solver, std::chrono::milliseconds limit);
// The same for a solver from makeSolver(context, ..., limits), with the time checkLimited gives it.
z3::check_result checkIsolated(z3::solver& solver, const Limits& limits);

}  // namespace atropos::smt
