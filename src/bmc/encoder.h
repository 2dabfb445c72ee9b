// The encoding of a program, unwound to a bound, as checks over bitvectors and one byte-array memory.
//
// Every loop is unwound `bound` times per entry and every call is inlined (recursion up to `bound` deep). Each
// check is the condition under which an execution reaches an instruction and goes wrong there; the first check that
// fails on a path ends it, so a model fails exactly one check.
#pragma once

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/checks.h"
#include "common/deadline.h"
#include "common/property.h"
#include "smt/term.h"

namespace llvm {
class BasicBlock;
class Loop;
class Module;
class Value;
}

namespace atropos::bmc {

// One check of the unwound program: `condition` is when an execution reaches the instruction and fails the check
// there (what that means for each property: common/checks.h).
struct Obligation {
  Check kind;
  smt::Term condition;
  SourceLocation location;
  std::string what;
};

// A __VERIFIER_nondet_* call: `value` is what it returns when `reached` holds.
struct NondetDraw {
  smt::Term reached;
  smt::Term value;
};

// Two visits of a loop head in one activation, where the second finds the complete state of the first (the
// values the loop carries, all of memory and which objects live): the choices made between them repeat forever.
// The draws with index below `stemDraws` lead to the first visit; those up to `loopDraws` are made in between.
struct RecurringState {
  smt::Term condition;
  size_t stemDraws;
  size_t loopDraws;
  SourceLocation loopHead;
};

struct Encoding {
  std::vector<Obligation> checks;
  std::vector<NondetDraw> draws;  // in the order an execution makes them
  // When assumed, reads of uninitialized memory and undefined values yield zero (as a replay gives them).
  smt::Term uninitializedZero;
  std::vector<smt::Term> background;  // facts that always hold: what uninitializedZero means for values
  // The facts about the initial memory as an array: what uninitializedZero means for it, and that the initial bytes
  // at known addresses (variables of their own) are its bytes. Without them the formula is weaker (so unsatisfiable
  // only if the whole one is) and, where memory is read only at known addresses, free of arrays.
  std::vector<smt::Term> arrayFacts;
  std::vector<RecurringState> recurrences;  // only when asked for
  // Every visit of a loop head in main's activation, with the loop's state there (loopState): only when asked for.
  struct HeadState {
    const llvm::BasicBlock* head;
    unsigned iteration;
    smt::Term reached;
    std::vector<smt::Term> values;
  };
  std::vector<HeadState> headStates;
};

// The whole program cannot be encoded (e.g. main is missing).
struct EncodingFailure : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct EncodingOptions {
  unsigned bound = 1;
  bool recurrences = false;  // look for recurring states (bounded lassos)
  bool headStates = false;   // record the state at each visit of a loop head of main (Encoding::headStates)
  // Check every addition, subtraction, multiplication and left shift without the nsw flag (C's unsigned arithmetic)
  // for wrap-around, which `termcomp` reads as unbounded: a failing check ends its path, so only for properties
  // whose reading that is.
  bool unsignedWrapChecks = false;
  // Of the unwound and inlined program: beyond it the encoding fails (tree recursion grows exponentially).
  size_t maxInstructions = SIZE_MAX;
  Deadline deadline = Deadline::never();
};

Encoding encode(z3::context& context, llvm::Module& module, const EncodingOptions& options);

// What a loop's iterations carry from one visit of its head to the next, in a fixed order: the head's phis, the
// values from before the loop that the loop uses, and the globals the encoding keeps as values of their own. Memory
// is not among them.
std::vector<const llvm::Value*> loopState(const llvm::Loop& loop);

// One iteration of a loop of main without inner loops, from any state at its head: `before` are free variables for
// the loopState(head) and the memory is free too. Where `returns` holds, the iteration comes back to the head, with
// `after` as the state; elsewhere it leaves the loop, ends the program, fails a check (any check) or reaches what
// the encoding does not model. The nondet values drawn in it are free as well.
struct Iteration {
  std::vector<smt::Term> before;
  std::vector<smt::Term> after;
  smt::Term returns;
  std::vector<smt::Term> background;  // as Encoding::background and Encoding::arrayFacts
};
Iteration encodeIteration(z3::context& context, llvm::Module& module, const llvm::BasicBlock& head,
                          const EncodingOptions& options);

// About how many instructions of the unwound program a second of the budget encodes, solves and frees (measured on
// recursive programs, whose formulas grow fastest): a larger formula would not be decided in time.
constexpr double kEncodedInstructionsPerSecond = 20000;

// Which of the conditions hold in the model (one evaluation of them all: they share most of their terms).
std::vector<bool> holdIn(const z3::model& model, const std::vector<smt::Term>& conditions);
// The inputs of the execution a model of the encoding describes: the values of the draws [first, last) it makes.
std::vector<uint64_t> inputsOf(const z3::model& model, const Encoding& encoding, size_t first = 0,
                               size_t last = SIZE_MAX);

// Whether `holds` is true of `term` or of a term in it (each shared subterm visited once).
bool anySubterm(const smt::Term& term, const std::function<bool(const smt::Term&)>& holds);

}  // namespace atropos::bmc
