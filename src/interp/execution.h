// The state of one execution and the loop that runs it. Private to src/interp.
#pragma once

#include <algorithm>
#include <optional>
#include <unordered_set>

#include "frontend/source_location.h"
#include "bits.h"
#include "code.h"
#include "memory.h"
#include "recurrent_states.h"

namespace atropos::interp {

struct Frame {
  uint32_t function;
  uint32_t regBase;
  uint32_t returnPc;
  uint32_t returnDst;  // in the caller's registers
  uint32_t allocaStart;
  uint32_t outerSameFunction = UINT32_MAX;  // index in the frames of the nearest enclosing frame of this function
  bool operator==(const Frame&) const = default;
};

// Why the run loop must stop after an instruction or builtin.
enum class Flow { Continue, Stop };

class Execution {
 public:
  Execution(const Interpreter::Code& code, InputSource& inputs, const RunOptions& options);
  RunResult run();

  // For PausedExecution: the execution stops before each nondet call instead of drawing its value.
  void pauseAtNondetCalls() { pauseAtNondet_ = true; }
  bool enterMain();  // false when the run ended at once
  void runLoop();
  // The nondet call the execution is stopped before, if it is.
  const std::optional<NondetRequest>& paused() const { return paused_; }
  // Goes on from the call it is paused before, which returns `value`.
  void resume(uint64_t value);
  // Everything that decides how the execution goes on: the position, the registers still to be used, memory.
  uint64_t stateHash() const;
  uint64_t footprintBytes() const;
  const RunResult& result() const { return result_; }
  RunResult takeResult();

 private:
  template <bool kTrace, bool kDetectLasso>
  void loop();

  // Brent's cycle detection over the states at loop heads; Stop when the current state equals the snapshot.
  Flow atLoopHead(uint64_t steps, const llvm::Instruction* at);
  bool sameStateAsSnapshot();
  // Recursion that never ends: a call nested in a call of the same function with the same arguments, where every
  // object that existed when the outer call began is as it was then. The inner call cannot reach the objects
  // created in between (no pointer to them is in its arguments or in the older objects), so it repeats what the
  // outer one did, forever. Stop when the entered call is such a repetition of the snapshot's.
  Flow atRecursiveEntry(uint64_t steps, const llvm::Instruction* at);
  bool sameArguments(const Frame& a, const Frame& b) const;  // same function, same argument values

  // RunOptions::describeRecurrence (state_description.cpp). Checked at every loop head and recursive entry of a
  // lasso search: the test whether a description was asked for at all stays inline.
  bool describesRecurrenceAt(const llvm::Instruction* at, uint64_t steps, bool enteredCall) const {
    return options_.describeRecurrence && steps >= options_.describeRecurrence->fromStep &&
           isRecurrenceHead(at, enteredCall);
  }
  // At a loop head: whether `at` is the lasso's. At a call's entry: whether the call enters the function the lasso's
  // call enters, from whichever call site (the cycle head of a recursion is the function's entry).
  bool isRecurrenceHead(const llvm::Instruction* at, bool enteredCall) const;
  // Adds the state at `at` to the head states: the variables in scope at a loop head, or the parameters of the frame
  // a repeated call entered.
  void recordHeadState(const llvm::Instruction* at, bool enteredCall);
  void finishRecurrence(Lasso& lasso);

  // Under RunOptions::noteWrapArounds (termcomp): from `at` on, C's values may not be the mathematical ones.
  void noteWrapAround(const llvm::Instruction* at) {
    if (options_.noteWrapArounds && !result_.wrapAround)
      result_.wrapAround = at ? frontend::sourceLocationOf(*at) : SourceLocation{};
  }
  // A value with its sign bit set, read as unsigned, may be a negative int that C converted; read as signed, a large
  // unsigned value that C converted, where the program has unsigned integers at all.
  void noteSignBitRead(uint64_t bits, unsigned width, bool asSigned, const llvm::Instruction* at) {
    if (!options_.noteWrapArounds || result_.wrapAround || width == 0 || ((bits >> (width - 1)) & 1) == 0) return;
    if (asSigned && (width == 1 || !code_.unsignedIntegers)) return;
    noteWrapAround(at);
  }

  // A value of `width` bits (an int or wider) that C reads as one of `readBits` bits, signed or unsigned (a narrower
  // argument of printf, a character): the number read must be the value's, and its sign bit must not matter
  // (noteSignBitRead).
  void noteNarrowRead(uint64_t bits, unsigned width, unsigned readBits, bool asSigned, const llvm::Instruction* at) {
    if (!options_.noteWrapArounds) return;
    if (readBits < width) {
      const int64_t value = signExtend(bits & maskOf(width), width);
      const bool kept = asSigned ? value == signExtend(bits & maskOf(readBits), readBits)
                                 : value >= 0 && static_cast<uint64_t>(value) <= maskOf(readBits);
      if (!kept) noteWrapAround(at);
    }
    noteSignBitRead(bits, std::min(readBits, width), asSigned, at);
  }

  // True when the execution pauses here instead of drawing a value for `request`.
  bool pauseBeforeNondet(const NondetRequest& request);

  // Ending the run.
  Flow violation(ViolationKind kind, std::string message, const llvm::Instruction* at);
  Flow unsupported(std::string why, const llvm::Instruction* at);
  Flow endProgram(RunEnd how);
  Flow accessViolation(Access access, const Slot& pointer, uint64_t n, bool write, const llvm::Instruction* at);

  // Calls and returns.
  Flow call(const Function& caller, const CallSite& site, uint32_t dst, const llvm::Instruction* at);
  Flow callBuiltin(const Function& callee, const CallSite& site, uint32_t dst, const llvm::Instruction* at);
  // A call of an environment function: its arguments, and where its result goes.
  struct BuiltinCall {
    const Function& callee;
    const CallSite& site;
    Slot* registers;
    uint32_t dst;
    const llvm::Instruction* at;
    uint64_t pointerMask;
    const Slot& arg(size_t i) const { return registers[site.argRegs[i]]; }
    void setResult(Slot s) const {
      if (site.resultSlots > 0) registers[dst] = s;
    }
    void pointerResult(uint64_t bits, uint32_t provenance) const { setResult(Slot{bits & pointerMask, provenance, 0}); }
  };
  Flow callNondet(const BuiltinCall& c);
  Flow callAllocation(const BuiltinCall& c);
  Flow callMemoryFunction(const BuiltinCall& c);
  Flow callStringFunction(const BuiltinCall& c);
  Flow callStringCopy(const BuiltinCall& c);
  Flow callOutput(const BuiltinCall& c);
  Flow callMath(const BuiltinCall& c);
  Flow unknownBuiltin(const BuiltinCall& c);
  void popFrame();

  // Memory helpers for the builtins.
  uint64_t drawNondet(const NondetRequest& request, const std::string& origin, const llvm::Instruction* at);
  // Uninitialized memory holds some value: it is drawn like a nondet input, and stays. False when the run ended
  // instead: an external global's contents are not the program's, so no execution that reads them is concrete.
  [[nodiscard]] bool initializeByDrawing(Object& o, uint64_t offset, uint64_t n, const llvm::Instruction* at);
  // Resolves [pointer, pointer + n) for access; on failure ends the run and returns 0.
  uint32_t access(const Slot& pointer, uint64_t n, bool write, uint64_t& offset, const llvm::Instruction* at);
  // Length of the C string at pointer (without the terminator); false when the run ended.
  bool stringLength(const Slot& pointer, uint64_t limit, uint64_t& length, const llvm::Instruction* at);
  Flow freeObject(const Slot& pointer, const char* what, const llvm::Instruction* at);
  // The C string at pointer (at most `limit` bytes); false when the run ended.
  bool readString(const Slot& pointer, uint64_t limit, std::string& text, const llvm::Instruction* at);
  // The number of characters printf would write; false when the run ended.
  bool printfLength(const CallSite& site, uint64_t& length, const llvm::Instruction* at);
  Slot allocateHeap(uint64_t size, const llvm::Instruction* at);

  // Reachability of heap objects, for valid-memtrack and valid-memcleanup.
  struct Reach {
    std::vector<uint8_t> precise;       // reached through pointer provenance
    std::vector<uint8_t> conservative;  // reached through provenance or any word that holds an address
  };
  Reach reachableHeap(bool includeStack) const;
  bool anyLostHeap(const Reach& reach, bool conservative, uint32_t* example) const;
  bool anyHeapLive() const;

  Slot* regs() { return registers_.data() + frames_.back().regBase; }
  uint64_t ptrMask() const { return code_.pointerBytes == 4 ? 0xFFFFFFFFull : ~0ull; }
  // A new entry of the trace where the source line changes: (function, pc) pairs in a ring of the last
  // maxTraceLines, turned into source locations only when the run's result is taken.
  void recordTrace(const Function& fn, uint32_t pc) {
    const uint32_t line = fn.sourceLine[pc];
    if (line == kNoSourceLine || (line == lastTracedLine_ && &fn == lastTracedFunction_)) return;
    lastTracedLine_ = line;
    lastTracedFunction_ = &fn;
    const size_t kept = options_.maxTraceLines;
    const TracePoint point{&fn, pc, static_cast<uint32_t>(frames_.size()), result_.inputs.size(), kNoBranch, 0};
    if (kept > 0 && traceRing_.size() < kept)
      traceRing_.push_back(point);
    else if (kept > 0)
      traceRing_[tracePoints_ % kept] = point;
    ++tracePoints_;
  }
  // The branch or switch at `pc` of the traced line took the target at `target`.
  void recordBranch(uint32_t pc, uint32_t target) {
    if (traceRing_.empty()) return;
    TracePoint& point = traceRing_[(tracePoints_ - 1) % traceRing_.size()];
    point.branchPc = pc;
    point.branchTarget = target;
  }
  void dependsOnAddresses(const llvm::Instruction* at);
  bool pointerComparisonDependsOnAddresses(uint64_t predicate, const Slot& a, const Slot& b) const;

  const Interpreter::Code& code_;
  InputSource& inputs_;
  const RunOptions& options_;
  Memory memory_;
  std::vector<Frame> frames_;
  std::vector<Slot> registers_;
  std::vector<uint32_t> allocas_;
  std::vector<Slot> scratch_;
  uint32_t pc_ = 0;
  RunResult result_;
  static constexpr uint32_t kNoBranch = UINT32_MAX;
  struct TracePoint {
    const Function* function;
    uint32_t pc;
    uint32_t depth;
    size_t inputsBefore;
    uint32_t branchPc;  // kNoBranch: none on the line
    uint32_t branchTarget;
  };
  TracedLine tracedLine(const TracePoint& point) const;
  std::vector<TracePoint> traceRing_;
  uint64_t tracePoints_ = 0;  // recorded in all, the ones the ring no longer holds among them
  const Function* lastTracedFunction_ = nullptr;
  uint32_t lastTracedLine_ = kNoSourceLine;

  // Everything that decides how the execution continues (given the same inputs from here on).
  struct StateSnapshot {
    uint32_t pc;
    std::vector<Frame> frames;
    std::vector<Slot> registers;
    std::vector<uint32_t> allocas;
    Memory memory;
    uint64_t step;
    size_t inputsDrawn;
  };
  std::optional<StateSnapshot> snapshot_;
  struct EntrySnapshot {
    size_t depth;  // of the frame, which is still running while the snapshot is kept (its arguments with it)
    Memory memory;
    uint64_t step;
    size_t inputsDrawn;
  };
  std::optional<EntrySnapshot> entrySnapshot_;
  std::vector<uint32_t> innermostFrameOf_;  // per function: its innermost frame's index, or UINT32_MAX
  // Recursive entries seen since the entry snapshot was taken, and how many may pass before it moves on.
  uint64_t entriesSinceEntrySnapshot_ = 0;
  uint64_t entrySnapshotPatience_ = 16;
  uint64_t entrySnapshotBytesCopied_ = 0;
  bool pauseAtNondet_ = false;
  std::optional<NondetRequest> paused_;
  std::optional<uint64_t> resumeValue_;  // the result of the nondet call a resumed execution makes first
  uint64_t visitsSinceSnapshot_ = 0;
  uint64_t snapshotInterval_ = 1;  // Brent: the snapshot moves on after 1, 2, 4, ... loop-head visits
  // Where the last comparison with the snapshot found a difference, to look there first.
  size_t registerMismatchHint_ = 0;
  uint32_t objectMismatchHint_ = 0;
  RecurrentStates headStates_;
};

}  // namespace atropos::interp
