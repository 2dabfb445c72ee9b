// Variables that a loop drives to zero and then keeps there, as cases of their own.
//
// In `while (p*p - n*q + q*r + c <= k) { q = q / 4; p = p / 2 + ...; c++; }` neither q, nor p, nor k - c ranks the
// loop alone: q and p stop decreasing at 0, and k - c is bounded only where the products vanish. No linear
// (lexicographic) function over the linear over-approximation exists, since that reads each product as an arbitrary
// value. Split each iteration into the cases "q != 0", "q == 0 and p != 0" and "q == 0 and p == 0", with the zeros
// put into the guards and updates, and the proof is lexicographic: q leaves the first case, p the second, and in the
// last the guard is c <= k.
//
// A variable x qualifies at a location when every self-loop there (with the variables chosen before it at zero)
// moves x strictly toward 0 without crossing it and keeps it at 0 (x >= 1 implies 0 <= x' < x, x <= -1 implies
// x < x' <= 0, x == 0 implies x' == 0), as the linear over-approximation shows. The split itself holds whatever the
// variables do: the cases cover each iteration exactly, so the system has the same runs.
#pragma once

#include <optional>
#include <vector>

#include "common/deadline.h"
#include "its/its.h"
#include "smt/query_log.h"
#include "smt/term.h"

namespace atropos::its {

struct VanishingLimits {
  unsigned maxVariables = 4;  // per location
  unsigned queryMillis = 500;
  Deadline deadline = Deadline::never();
  std::shared_ptr<smt::QueryLog> smtLog;  // where the solver's questions are recorded (none when null)
};

struct CasesOfVanishing {
  Its its;
  // Per location: the variables (indices) whose cases split its self-loops, in the order they were found.
  std::vector<std::vector<unsigned>> vanishing;
};

// The system with each self-loop split into the cases of the variables that vanish at its location ("x1 != 0",
// "x1 == 0 && x2 != 0", ..., all zero), a case's zeros substituted into its guard and update; nullopt when no
// location has such a variable that a product or a division of the system reads, or the deadline passed.
std::optional<CasesOfVanishing> splitWhereVariablesVanish(const Its& its, const VanishingLimits& limits = {});

}  // namespace atropos::its
