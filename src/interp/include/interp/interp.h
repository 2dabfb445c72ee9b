// The reference interpreter: Atropos's executable semantics of a program's LLVM IR.
//
// It runs the IR concretely with byte-precise memory (an identity, bounds and lifetime per allocation) and stops at
// the first undefined behaviour or property violation, at the instruction that causes it. Nondeterministic values
// (the __VERIFIER_nondet_* calls and reads of uninitialized memory) come from an InputSource, so every run can be
// replayed exactly. Whatever it cannot execute exactly ends the run as Unsupported; it never guesses.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "common/checks.h"
#include "common/deadline.h"
#include "common/property.h"
#include "frontend/environment.h"
#include "frontend/frontend.h"

namespace llvm {
class Instruction;
}  // namespace llvm

namespace atropos::interp {

enum class ViolationKind {
  NullDereference,
  InvalidPointer,     // dereference of an address that belongs to no object
  OutOfBounds,
  UseAfterFree,
  UseAfterScope,      // a stack object whose function returned
  WriteToConstant,    // a string literal or const global
  FreeOfNonHeap,      // free of a stack, global or unknown address
  DoubleFree,
  FreeOfInteriorPointer,
  MemoryLeak,         // a heap object that no pointer reaches any more
  SignedOverflow,     // nsw arithmetic, INT_MIN / -1, the overflow intrinsics' signed forms used as UB
  RemainderOverflow,  // INT_MIN % -1: undefined in C, although the result would fit
  DivisionByZero,
  ShiftOutOfRange,
  PoisonValue,        // another operation whose result LLVM leaves undefined (nuw, exact, fptosi out of range)
  ReachError,         // reach_error() or __VERIFIER_error() was called (and aborts: frontend::reachErrorEnds)
  ReachErrorReturns,  // the same, where the program's body of it may return or run on
};

// The row of the table of checks (common/checks.h) a violation is: what it means for each property.
Check checkOf(ViolationKind kind);
const char* violationKindName(ViolationKind kind);

struct Violation {
  ViolationKind kind;
  std::string message;
  SourceLocation location;
};

enum class RunEnd {
  Returned,      // main returned
  Exited,        // exit() was called
  Aborted,       // abort() or a failed assert()
  Violation,     // see RunResult::violation
  AssumeFailed,  // __VERIFIER_assume(false): not an execution
  StepLimit,
  Deadline,
  MemoryLimit,
  Unsupported,   // see RunResult::unsupported
  Lasso,         // the complete program state recurred: see RunResult::lasso
};
const char* runEndName(RunEnd end);

struct NondetRequest {
  frontend::NondetKind kind;
  unsigned bits;  // of the C type
  bool isSigned;
  bool uninitialized;  // a read of uninitialized memory rather than a nondet call
};

class InputSource {
 public:
  virtual ~InputSource() = default;
  // A bit pattern of `request.bits` bits (higher bits are ignored).
  virtual uint64_t draw(const NondetRequest& request) = 0;
};

// Replays recorded inputs; draws past the end are zero and make `diverged()` true. With `uninitializedReadsZero`,
// the values are those of the nondet calls only, and every read of uninitialized memory gives zero.
class ReplayInputs final : public InputSource {
 public:
  explicit ReplayInputs(std::vector<uint64_t> values, bool uninitializedReadsZero = false)
      : values_(std::move(values)), uninitializedReadsZero_(uninitializedReadsZero) {}
  uint64_t draw(const NondetRequest& request) override;
  bool diverged() const { return diverged_; }

 private:
  std::vector<uint64_t> values_;
  bool uninitializedReadsZero_;
  size_t next_ = 0;
  bool diverged_ = false;
};

struct RunOptions {
  Deadline deadline = Deadline::never();
  uint64_t maxSteps = UINT64_MAX;         // IR instructions
  uint64_t maxMemoryBytes = 2ull << 30;   // allocated by the program
  uint64_t maxInputs = UINT64_MAX;       // values drawn (each is recorded): beyond, the run ends at MemoryLimit
  unsigned maxCallDepth = 100000;
  bool recordTrace = false;
  size_t maxTraceLines = 400;             // the last ones are kept
  // Look for a complete program state that recurs at a loop head (Brent's cycle detection), or for a call repeated
  // nested in itself with the same arguments and older memory: such a run repeats forever and ends as
  // RunEnd::Lasso. Off by default: the comparisons cost time at every loop head and recursive call.
  bool detectLasso = false;
  // Note the first wrap-around (RunResult::wrapAround): only `termcomp` needs it, and it costs a check at every
  // unsigned operation and truncation.
  bool noteWrapArounds = false;
  // With detectLasso, in a replay of a run that ended in a Lasso: describe the state at every visit of that lasso's
  // head from its first visit on (Lasso::headStates).
  struct RecurrenceToDescribe {
    const llvm::Instruction* head = nullptr;
    uint64_t fromStep = 0;
  };
  std::optional<RecurrenceToDescribe> describeRecurrence;
};

// Evidence of non-termination: the state at `loopHead` after step `firstVisitStep` is the state again
// `periodSteps` steps later. Repeating the choices made between the two visits repeats the period forever.
// With `recursion`, `loopHead` is a call that repeats, nested in itself, with the same arguments and memory.
struct Lasso {
  SourceLocation loopHead;
  bool recursion = false;
  uint64_t firstVisitStep = 0;
  uint64_t periodSteps = 0;
  size_t stemInputs = 0;  // RunResult::inputs drawn before the first visit; the others were drawn in one period
  const llvm::Instruction* head = nullptr;  // the loop head's first instruction, or the repeated call
  std::string enteredFunction;              // with `recursion`: the function the call enters
  // With RunOptions::describeRecurrence: the states at the head's visits during one period, each a C expression over
  // the variables in scope there (at a repeated call: the callee's parameters) and the globals, with what their
  // pointers reach (`x == 5 && *p == 3 && p->next == 0`), or for a long period whose values advance by the same
  // steps at every visit a single expression for all of them (recurrent_states.h). Together they form a recurrent
  // set. Complete when the expressions pin down every value the execution can read from there on; otherwise some
  // part (a union, a float that is not a number, a pointer into an object no expression names, too many states) is
  // left out.
  std::vector<std::string> headStates;
  bool headStatesComplete = false;
};

// A source line a run went through: each new line of the same function, or a line of another frame, is one.
struct TracedLine {
  const llvm::Instruction* first = nullptr;  // the first instruction executed there (frontend::sourceLocationOf)
  uint32_t depth = 0;                        // the frames active there (main's alone: 1)
  size_t inputsBefore = 0;                   // RunResult::inputs drawn before the line was reached
  // The last conditional branch or switch executed on the line, by the source lines of its targets (0 where a target
  // has none): the one it took, and the others.
  unsigned branchTo = 0;
  std::vector<unsigned> branchNotTaken;
  bool branched() const { return branchTo != 0; }
};

struct RunResult {
  RunEnd end = RunEnd::Returned;
  std::optional<Violation> violation;
  std::string unsupported;
  SourceLocation unsupportedAt;  // where the interpreter met what it does not support, where known
  std::vector<NondetInput> inputs;  // every value drawn, in order
  uint64_t steps = 0;
  // How a complete execution ended (Returned, Exited or Aborted), also when a leak was found there, and Aborted at
  // a call of reach_error that aborts.
  RunEnd programEnd = RunEnd::Returned;
  // How memory stood at the end of a complete execution, or at a reach_error that aborts:
  bool heapStillAllocated = false;  // valid-memcleanup is violated
  // Exited or Aborted with heap objects that only pointers on the stack still reach: valgrind calls them
  // reachable, others lost; a verdict on valid-memtrack or valid-memcleanup must not rest on such a run.
  bool memoryVerdictAmbiguous = false;
  // A Deref or Free violation found while some heap object was already unreachable: which came first is unknown.
  bool leakBeforeViolation = false;
  // The execution looked at the numeric value of an address (a pointer cast to an integer, an order between two
  // objects, the bytes of a stored pointer): a real allocator places objects elsewhere, so nothing this run shows
  // holds for the program.
  bool addressDependent = false;
  SourceLocation addressDependence;
  // With RunOptions::noteWrapArounds, the first addition, subtraction, multiplication or left shift without the
  // nsw flag (C's unsigned arithmetic) whose result wrapped around, the first unsigned operation (those, an
  // unsigned comparison, division or right shift, a widening of an unsigned value) that read a value with its sign
  // bit set, which may be a negative int converted to unsigned, or the first truncation of a value outside the
  // narrower type's signed range (its bits may then be read as another number than the value truncated): C defines
  // them all, but under `termcomp` integers are unbounded, so there the run shows nothing from this point on.
  std::optional<SourceLocation> wrapAround;
  std::optional<Lasso> lasso;  // RunEnd::Lasso
  // With RunOptions::recordTrace, the last source lines the run went through (only a counterexample needs their
  // locations).
  std::vector<TracedLine> trace;
  uint64_t traceDropped = 0;

  bool completed() const { return end == RunEnd::Returned || end == RunEnd::Exited || end == RunEnd::Aborted; }
};

class Execution;

// An execution stopped before a __VERIFIER_nondet_* call, for an explicit-state search over the program's inputs:
// the search continues it with values of its choosing, as often as it likes, and can recognize a program state it
// has seen before. Reads of uninitialized memory still draw from the InputSource the execution began with; that
// source and the RunOptions must outlive every execution continued from this one.
class PausedExecution {
 public:
  explicit PausedExecution(std::unique_ptr<Execution> execution);
  ~PausedExecution();
  // What the call draws.
  const NondetRequest& request() const;
  // A hash of what decides how the execution goes on: the position, the registers it still uses and the live
  // objects. Equal states have equal hashes.
  uint64_t stateHash() const;
  // A copy of this execution, in which the call returns `value`, run until the next nondet call or its end.
  std::variant<std::unique_ptr<PausedExecution>, RunResult> resume(uint64_t value) const;
  // The values drawn so far (without their origin and location, which a replay of the values gives).
  const std::vector<NondetInput>& inputs() const;
  // About how much memory this paused execution takes.
  uint64_t footprintBytes() const;

 private:
  std::unique_ptr<Execution> execution_;
};

class Interpreter {
 public:
  // Decodes the module once; fails only when there is no `main` to run.
  static std::variant<std::unique_ptr<Interpreter>, std::string> create(const frontend::Program& program);
  ~Interpreter();

  // One execution from main. Thread-compatible: concurrent runs need their own Interpreter.
  RunResult run(InputSource& inputs, const RunOptions& options) const;
  // An execution from main until its first nondet call (or its end, which is then the result); options.maxSteps
  // limits each stretch between two nondet calls.
  std::variant<std::unique_ptr<PausedExecution>, RunResult> start(InputSource& inputs, const RunOptions& options) const;

  // The integer constants the program compares values derived from nondet calls with (or, where it compares no
  // such value with a constant, all those it compares anything with): sign-extended to 64 bits, sorted, each once.
  const std::vector<uint64_t>& comparedConstants() const;
  // Whether main takes parameters. Its runs start it as with no arguments (argc = 1): under `termcomp`, whose main
  // may be given any integer, such a run is not its only execution.
  bool mainTakesParameters() const;

  struct Code;

 private:
  explicit Interpreter(std::unique_ptr<Code> code);
  std::unique_ptr<Code> code_;
};

}  // namespace atropos::interp
