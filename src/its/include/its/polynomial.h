// Non-linear products as variables of their own (monomial lifting), so that linear techniques see them.
//
// A guard such as `c + y*y - 2*x + y < k` with updates y' = y + 1, x' = x + y + 1 has no linear ranking function
// over (c, x, y, k): the linear over-approximation (linear.h) reads y*y as an arbitrary value. With a variable Y
// for y*y, whose update is the expanded product of the factors' updates (Y' = (y + 1)^2 = Y + 2*y + 1), the
// system is linear, and k - c - Y + 2*x - y decreases by 1 on every iteration. This is the classical reduction of
// polynomial loops to linear ones over the monomials they keep closed (see e.g. Bradley, Manna, Sipma, "The
// polyranking principle", ICALP 2005, and the "solvable loops" of Rodríguez-Carbonell and Kapur).
//
// Sound for termination: every run of the original system is a run of the lifted one in which each product
// variable holds the product of its factors (the updates keep that equality, the guards read the products where
// the original read them, and a product of even powers is constrained to be non-negative, which such runs
// satisfy). So a lifted system without infinite runs shows the original has none. The converse does not hold,
// so a non-termination argument must not come from the lifted system.
#pragma once

#include <cstddef>
#include <optional>

#include "common/deadline.h"
#include "its/its.h"

namespace atropos::its {

struct LiftLimits {
  // Also the square of every variable that some transition changes (and what their updates need), for a system
  // without products: x + y*y/2 and the like rank loops whose updates add a changing value (x += y; y--), where
  // y*y >= 2*c*y - c*c (for c = -1, 1) bounds them.
  bool squaresOfChangingValues = false;
  unsigned maxDegree = 6;         // of a product kept as a variable
  unsigned maxProducts = 12;      // variables added
  size_t maxExpandedTerms = 256;  // a product's update with more summands stays unexpanded (an unknown value)
  Deadline deadline = Deadline::never();
};

// The system with a variable for every product of the system's variables that its guards and updates use, and for
// the products their updates need (closed up to the limits); a product variable is named by its factors joined
// by '*' ("y*y"). nullopt when the system uses no such product (and limits.squaresOfChangingValues is off or no
// value changes), or the deadline passed.
std::optional<Its> liftProducts(const Its& its, const LiftLimits& limits = {});

}  // namespace atropos::its
