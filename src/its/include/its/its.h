// Integer transition systems (ITS): locations, integer variables and transitions with a guard and an update.
//
// Variables range over the mathematical integers. A transition from `from` to `to` may be taken in a state x when
// its guard holds for x and some values of its temporaries; the state after it is `update(x, temporaries)`. A
// guard and an update may use any integer arithmetic (linear or not); every constant in them that is not one of
// the system's variables is a temporary, existentially chosen each time the transition is taken.
//
// This is the form the C front end (the symbolic execution graph, seed 002 Def. 12) and the Termination
// Competition's SMT-LIB files (its/smtlib.h) both translate to; the termination back end works on its linear
// over-approximation (its/linear.h). Nothing here knows about LLVM.
#pragma once

#include <string>
#include <vector>

#include "smt/term.h"

namespace atropos::its {

using LocationId = unsigned;

// A variable or a temporary.
using smt::isSymbol;

struct Transition {
  LocationId from = 0;
  LocationId to = 0;
  smt::Term guard;
  std::vector<smt::Term> update;  // the value of each variable after the transition, in variable order
  std::string origin;             // where it came from, for people reading a proof
};

struct Its {
  explicit Its(z3::context& context) : context(&context) {}

  z3::context* context;
  std::vector<std::string> locations;  // names
  std::vector<smt::Term> variables;    // integer constants
  LocationId start = 0;
  // Runs may begin at any location with any values (a system of a program's cycles only): `start` means nothing.
  bool everyLocationStarts = false;
  // Locations chaining must keep (e.g. a program's loop heads, so that proofs speak of them); may be empty.
  std::vector<bool> cutPoints;
  std::vector<Transition> transitions;

  LocationId addLocation(std::string name) {
    locations.push_back(std::move(name));
    return static_cast<LocationId>(locations.size() - 1);
  }
  // The update that keeps every variable.
  std::vector<smt::Term> identity() const { return {variables.begin(), variables.end()}; }
};

}  // namespace atropos::its
