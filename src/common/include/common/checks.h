// The one table of checks: every way an execution can go wrong, or leave what an engine models, and what that
// means for each property under each reading of integer arithmetic. Every engine decides through it, so that no
// engine keeps a mapping of its own; a check the table does not name blocks every proof.
#pragma once

#include <optional>
#include <string_view>

#include "common/property.h"

namespace atropos {

// How integer arithmetic is read (docs/readings.md). no-overflow is always decided in C.
// - `c`: as clang compiles C for the data model; a signed overflow is undefined behaviour.
// - `svcomp`: signed arithmetic is unbounded, unsigned wraps as in C; the values a program draws (nondet functions,
//   uninitialized memory) lie in their type's range.
// - `termcomp`: the Termination Competition's rule, integers are mathematical integers. A type has no range: a
//   nondet function of a signed type returns any integer, of an unsigned type any integer >= 0 (a _Bool 0 or 1);
//   uninitialized memory and main's parameters hold any integer. +, -, * and / are exact (division truncates
//   towards zero), unsigned ones too (0u - 1 is -1), comparisons are mathematical, and a conversion between int and
//   unsigned keeps the value. Where C's meaning needs a width, the reading takes C's where C and the mathematical
//   reading agree, and otherwise:
//   - a conversion to a narrower type keeps the value where that type can hold it in either signedness
//     ([-2^(n-1), 2^n - 1]); beyond, the competition's rule (no overflow occurs) gives nothing: a proof must hold
//     for any value there (C's, or another), and no refutation may rest on it. The same goes for an integer that
//     names no address (negative, or too large) converted to a pointer. Where the symbolic execution cannot give a
//     value, as for a negative size passed to a library function, Check::WrapAround blocks the proof;
//   - bitwise operations act on the infinite two's complement representation (C's result on values in the type's
//     range), a left shift multiplies by a power of two, a right shift divides and rounds down;
//   - a constant whose bits read as two numbers (`-1` and `4294967295u` are one bit pattern, and the compiler carries
//     a constant across the conversions of the variables it passes through) may be either number;
//   - where the IR has only C's values (a constant the compiler converted to a type that cannot hold it or computed
//     with an overflow, a bit-field: frontend::Program::termCompObstacles), nothing is decided.
enum class Semantics { C, SvComp, TermComp };

std::string_view semanticsName(Semantics s);
std::optional<Semantics> parseSemanticsName(std::string_view name);
// One line for a person: what the reading means.
std::string_view semanticsDescription(Semantics s);
// The reading `p` is decided under when the user asked for `asked`.
Semantics readingFor(Property p, Semantics asked);

enum class Check {
  InvalidDeref,       // an access outside every live object (valid-deref)
  InvalidFree,        // free of something that is not the start of a live heap object (valid-free)
  MemoryLost,         // a heap object no pointer reaches any more, found at the end of the program
  HeapAtEnd,          // heap memory may still be allocated when main returns or exit is called, maybe lost
  MemoryNotFreed,     // heap memory still allocated, and still reachable, when main returns, exit or abort is called
  HeapAtAbort,        // heap memory still allocated when abort (or reach_error) ends the program (valid-memcleanup)
  MemoryAmbiguous,    // at exit or abort some heap is reachable only from the stack or through integers
  SignedOverflow,     // a signed operation's result lies outside its type (nsw, INT_MIN / -1, abs(INT_MIN), ...)
  RemainderOverflow,  // INT_MIN % -1: undefined in C, although the mathematical result (0) fits
  WrapAround,         // C wraps a value around (unsigned arithmetic, a narrowing conversion) where termcomp keeps it
  DivisionByZero,
  InvalidShift,       // a shift by at least the width of the type
  OtherUndefined,     // another operation LLVM leaves undefined (poison from nuw, exact, fptosi out of range, ...)
  ReachError,         // reach_error() or __VERIFIER_error() is called, and aborts (frontend::reachErrorEnds)
  ReachErrorReturns,  // the same, where the program's body of it may return or run on
  NotModelled,        // an operation the engine does not model exactly
  UnwindingBound,     // bounded model checking: a loop runs longer, or a recursion deeper, than the bound
  AddressDependent,   // the execution depends on where objects lie in memory, which the engine fixes
};

// What a failure of a check means for one property under one reading.
enum class Effect {
  None,      // nothing: as far as the property goes, the execution goes on (or had ended)
  Violates,  // the property is violated (an engine's model of it is a candidate until an execution replays it)
  Ends,      // the execution ends there, as the property reads it (reach_error aborts: an end for termination)
  Blocks,    // a proof must exclude it, and an execution that reaches it shows nothing about the property beyond
  Diverges,  // the reading gives the operation a result C does not: an engine that models the reading computes it
             // and makes no check, one that executes C treats it as Blocks
};

std::string_view checkName(Check c);
Effect effectOf(Check c, Property p, Semantics asked);
// The part of valid-memsafety a violation of it breaks (checks that violate valid-memsafety only).
std::optional<MemsafetyPart> memsafetyPartOf(Check c);

// Shorthands over effectOf, for the engines.
inline bool violates(Check c, Property p, Semantics asked) { return effectOf(c, p, asked) == Effect::Violates; }
// Whether a possible failure of `c` keeps `p` from being proved (by an engine that made the check at all).
inline bool blocksProof(Check c, Property p, Semantics asked) {
  Effect e = effectOf(c, p, asked);
  return e == Effect::Violates || e == Effect::Blocks || e == Effect::Diverges;
}

}  // namespace atropos
