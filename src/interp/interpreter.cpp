#include <llvm/IR/Instruction.h>
#include <llvm/IR/InstrTypes.h>

#include <algorithm>
#include <cmath>
#include <unordered_map>

#include "frontend/source_location.h"
#include "bits.h"
#include "execution.h"

namespace atropos::interp {

namespace {

inline bool fitsSigned(__int128 v, unsigned bits) {
  const __int128 lo = -(static_cast<__int128>(1) << (bits - 1));
  const __int128 hi = (static_cast<__int128>(1) << (bits - 1)) - 1;
  return v >= lo && v <= hi;
}
inline double asDouble(uint64_t bits, unsigned w) { return w == 32 ? floatOf(bits) : doubleOf(bits); }
// Rounds once, straight to the target precision.
template <typename T>
inline uint64_t toFloatBits(T v, unsigned w) {
  return w == 32 ? bitsOf(static_cast<float>(v)) : bitsOf(static_cast<double>(v));
}
// Floating-point arithmetic in the operation's own precision (float arithmetic is not double arithmetic rounded).
template <typename F>
inline uint64_t floatOp(uint64_t a, uint64_t b, unsigned w, F op) {
  return w == 32 ? bitsOf(static_cast<float>(op(floatOf(a), floatOf(b)))) : bitsOf(static_cast<double>(op(doubleOf(a), doubleOf(b))));
}

bool compareInteger(uint64_t pred, uint64_t a, uint64_t b, unsigned w) {
  using P = llvm::CmpInst::Predicate;
  switch (static_cast<P>(pred)) {
    case P::ICMP_EQ: return a == b;
    case P::ICMP_NE: return a != b;
    case P::ICMP_UGT: return a > b;
    case P::ICMP_UGE: return a >= b;
    case P::ICMP_ULT: return a < b;
    case P::ICMP_ULE: return a <= b;
    case P::ICMP_SGT: return signExtend(a, w) > signExtend(b, w);
    case P::ICMP_SGE: return signExtend(a, w) >= signExtend(b, w);
    case P::ICMP_SLT: return signExtend(a, w) < signExtend(b, w);
    case P::ICMP_SLE: return signExtend(a, w) <= signExtend(b, w);
    default: return false;
  }
}

bool compareFloat(uint64_t pred, double x, double y) {
  using P = llvm::CmpInst::Predicate;
  const bool unordered = std::isnan(x) || std::isnan(y);
  switch (static_cast<P>(pred)) {
    case P::FCMP_FALSE: return false;
    case P::FCMP_OEQ: return !unordered && x == y;
    case P::FCMP_OGT: return !unordered && x > y;
    case P::FCMP_OGE: return !unordered && x >= y;
    case P::FCMP_OLT: return !unordered && x < y;
    case P::FCMP_OLE: return !unordered && x <= y;
    case P::FCMP_ONE: return !unordered && x != y;
    case P::FCMP_ORD: return !unordered;
    case P::FCMP_UNO: return unordered;
    case P::FCMP_UEQ: return unordered || x == y;
    case P::FCMP_UGT: return unordered || x > y;
    case P::FCMP_UGE: return unordered || x >= y;
    case P::FCMP_ULT: return unordered || x < y;
    case P::FCMP_ULE: return unordered || x <= y;
    case P::FCMP_UNE: return unordered || x != y;
    case P::FCMP_TRUE: return true;
    default: return false;
  }
}

}  // namespace

const char* violationKindName(ViolationKind kind) {
  switch (kind) {
    case ViolationKind::NullDereference: return "null pointer dereference";
    case ViolationKind::InvalidPointer: return "dereference of an invalid pointer";
    case ViolationKind::OutOfBounds: return "out-of-bounds access";
    case ViolationKind::UseAfterFree: return "use after free";
    case ViolationKind::UseAfterScope: return "use of a stack object after its scope ended";
    case ViolationKind::WriteToConstant: return "write to constant memory";
    case ViolationKind::FreeOfNonHeap: return "free of memory not allocated by malloc";
    case ViolationKind::DoubleFree: return "double free";
    case ViolationKind::FreeOfInteriorPointer: return "free of a pointer into the middle of an object";
    case ViolationKind::MemoryLeak: return "memory leak";
    case ViolationKind::SignedOverflow: return "signed integer overflow";
    case ViolationKind::RemainderOverflow: return "INT_MIN % -1";
    case ViolationKind::DivisionByZero: return "division by zero";
    case ViolationKind::ShiftOutOfRange: return "shift amount out of range";
    case ViolationKind::PoisonValue: return "undefined behaviour";
    case ViolationKind::ReachError: return "call to reach_error";
    case ViolationKind::ReachErrorReturns: return "call to reach_error";
  }
  return "?";
}

Check checkOf(ViolationKind kind) {
  switch (kind) {
    case ViolationKind::NullDereference:
    case ViolationKind::InvalidPointer:
    case ViolationKind::OutOfBounds:
    case ViolationKind::UseAfterFree:
    case ViolationKind::UseAfterScope:
      return Check::InvalidDeref;
    case ViolationKind::FreeOfNonHeap:
    case ViolationKind::DoubleFree:
    case ViolationKind::FreeOfInteriorPointer:
      return Check::InvalidFree;
    case ViolationKind::MemoryLeak:
      return Check::MemoryLost;
    case ViolationKind::SignedOverflow:
      return Check::SignedOverflow;
    case ViolationKind::RemainderOverflow:
      return Check::RemainderOverflow;
    case ViolationKind::DivisionByZero:
      return Check::DivisionByZero;
    case ViolationKind::ShiftOutOfRange:
      return Check::InvalidShift;
    case ViolationKind::WriteToConstant:  // undefined in C, but no invalid dereference in SV-COMP's sense
    case ViolationKind::PoisonValue:
      return Check::OtherUndefined;
    case ViolationKind::ReachError:
      return Check::ReachError;
    case ViolationKind::ReachErrorReturns:
      return Check::ReachErrorReturns;
  }
  return Check::OtherUndefined;
}

const char* runEndName(RunEnd end) {
  switch (end) {
    case RunEnd::Returned: return "main returned";
    case RunEnd::Exited: return "exit was called";
    case RunEnd::Aborted: return "abort was called";
    case RunEnd::Violation: return "violation";
    case RunEnd::AssumeFailed: return "an assumption failed";
    case RunEnd::StepLimit: return "step limit reached";
    case RunEnd::Deadline: return "time limit reached";
    case RunEnd::MemoryLimit: return "memory limit reached";
    case RunEnd::Unsupported: return "unsupported construct";
    case RunEnd::Lasso: return "a program state recurred";
  }
  return "?";
}

uint64_t ReplayInputs::draw(const NondetRequest& request) {
  if (uninitializedReadsZero_ && request.uninitialized) return 0;
  if (next_ < values_.size()) return values_[next_++];
  diverged_ = true;
  return 0;
}

// --- Execution ---------------------------------------------------------------------------------------------------

Execution::Execution(const Interpreter::Code& code, InputSource& inputs, const RunOptions& options)
    : code_(code), inputs_(inputs), options_(options), memory_(code, options.maxMemoryBytes) {}

RunResult Execution::run() {
  if (enterMain()) runLoop();
  return takeResult();
}

RunResult Execution::takeResult() {
  if (options_.recordTrace) {
    // The ring's oldest entry is the one the next would overwrite (the first while it is not full).
    const size_t start = traceRing_.empty() ? 0 : tracePoints_ % traceRing_.size();
    result_.trace.clear();
    for (size_t k = 0; k < traceRing_.size(); ++k) {
      const TracePoint& point = traceRing_[(start + k) % traceRing_.size()];
      result_.trace.push_back(tracedLine(point));
    }
    result_.traceDropped = tracePoints_ - traceRing_.size();
  }
  return std::move(result_);
}

namespace {

// The source line where control goes on from `pc`: the first one with a line along the jumps and phi moves that
// lead from there; 0 where none follows soon.
unsigned lineAtTarget(const Function& fn, uint32_t pc) {
  for (int hops = 0; hops < 64 && pc < fn.code.size(); ++hops) {
    if (fn.sourceLine[pc] != kNoSourceLine) return fn.sourceLine[pc];
    const Instr& in = fn.code[pc];
    pc = in.op == Op::Jump || in.op == Op::PhiMoves ? in.a : pc + 1;
  }
  return 0;
}

}  // namespace

TracedLine Execution::tracedLine(const TracePoint& point) const {
  const Function& fn = *point.function;
  TracedLine line{fn.origin[point.pc], point.depth, point.inputsBefore, 0, {}};
  if (point.branchPc == kNoBranch) return line;
  line.branchTo = lineAtTarget(fn, point.branchTarget);
  auto notTaken = [&](uint32_t target) {
    const unsigned other = lineAtTarget(fn, target);
    if (target == point.branchTarget || other == line.branchTo) return;
    if (std::find(line.branchNotTaken.begin(), line.branchNotTaken.end(), other) == line.branchNotTaken.end())
      line.branchNotTaken.push_back(other);
  };
  const Instr& in = fn.code[point.branchPc];
  if (in.op == Op::Branch) {
    notTaken(in.b);
    notTaken(in.c);
  } else {
    const SwitchTable& table = fn.switches[in.aux];
    notTaken(table.defaultTarget);
    for (const auto& [value, target] : table.cases) notTaken(target);
  }
  return line;
}

bool Execution::enterMain() {
  const Function& main = code_.functions[code_.mainFunction];
  frames_.push_back(Frame{code_.mainFunction, 0, 0, 0, 0});
  innermostFrameOf_.assign(code_.functions.size(), UINT32_MAX);
  innermostFrameOf_[code_.mainFunction] = 0;
  registers_ = main.initialRegs;
  if (!main.paramRegs.empty()) {
    if (main.paramRegs.size() != 2) {
      unsupported("main with " + std::to_string(main.paramRegs.size()) + " parameters", nullptr);
      return false;
    }
    // main(argc, argv) as started with no arguments: argv = {"main", NULL}.
    Slot name = allocateHeap(5, nullptr);
    Object& nameObject = memory_.object(name.prov);
    nameObject.kind = ObjectKind::Global;
    for (unsigned i = 0; i < 5; ++i) memory_.writeScalar(nameObject, i, 1, static_cast<uint8_t>("main"[i]), 0);
    Slot argv = allocateHeap(2 * code_.pointerBytes, nullptr);
    Object& argvObject = memory_.object(argv.prov);
    argvObject.kind = ObjectKind::Global;
    memory_.writeScalar(argvObject, 0, code_.pointerBytes, name.bits, name.prov);
    memory_.writeScalar(argvObject, code_.pointerBytes, code_.pointerBytes, 0, 0);
    registers_[main.paramRegs[0]] = Slot{1, 0, 0};
    registers_[main.paramRegs[1]] = argv;
  }
  pc_ = main.entry;
  return true;
}

void Execution::runLoop() {
  if (options_.recordTrace)
    options_.detectLasso ? loop<true, true>() : loop<true, false>();
  else
    options_.detectLasso ? loop<false, true>() : loop<false, false>();
}

bool Execution::pauseBeforeNondet(const NondetRequest& request) {
  if (!pauseAtNondet_ || resumeValue_) return false;
  paused_ = request;
  return true;
}

void Execution::resume(uint64_t value) {
  paused_.reset();
  resumeValue_ = value;
  runLoop();
}

uint64_t Execution::footprintBytes() const {
  // Each live byte has its initialization flag beside it; objects and registers have their bookkeeping.
  return 2 * memory_.bytesLive() + memory_.objectCount() * sizeof(Object) + registers_.size() * sizeof(Slot) +
         result_.inputs.size() * sizeof(NondetInput);
}

uint64_t Execution::stateHash() const {
  // Local variables are known by their place among the frames' allocas, not by their identity or address: a
  // variable declared in a loop's body is a fresh object in each iteration.
  std::unordered_map<uint32_t, uint32_t> place;
  for (size_t a = 0; a < allocas_.size(); ++a) place[allocas_[a]] = static_cast<uint32_t>(a);
  auto hashSlot = [&](uint64_t h, const Slot& s) {
    if (auto it = place.find(s.prov); it != place.end())
      return hashMix(hashMix(h, it->second), s.bits - memory_.object(s.prov).base);
    return hashMix(hashMix(h, s.bits), s.prov);
  };
  uint64_t h = hashMix(pc_, frames_.size());
  std::vector<bool> locals(memory_.objectCount(), false);
  for (size_t k = 0; k < frames_.size(); ++k) {
    const Frame& frame = frames_[k];
    const Function& fn = code_.functions[frame.function];
    h = hashMix(h, frame.function);
    h = hashMix(h, frame.allocaStart);
    // Every frame stands at a call: the innermost at the one it is paused before, the others where they return to.
    const uint32_t at = k + 1 == frames_.size() ? pc_ : frames_[k + 1].returnPc - 1;
    const CallSite* site = fn.code[at].op == Op::Call ? &fn.calls[fn.code[at].aux] : nullptr;
    if (site) {
      for (uint32_t r : site->liveAcross) h = hashSlot(h, registers_[frame.regBase + r]);
    } else {
      for (uint32_t r = 0; r < fn.numRegs; ++r) h = hashSlot(h, registers_[frame.regBase + r]);
    }
    const size_t end = k + 1 == frames_.size() ? allocas_.size() : frames_[k + 1].allocaStart;
    for (size_t a = frame.allocaStart; a < end; ++a) {
      const uint32_t id = allocas_[a];
      const Object& local = memory_.object(id);
      locals[id] = true;
      h = hashMix(h, local.size * 2 + (local.live ? 1 : 0));
      const bool dead = site && std::find(site->deadVariables.begin(), site->deadVariables.end(), local.site) !=
                                    site->deadVariables.end();
      if (local.live && !dead) h = memory_.hashContents(h, id);
    }
  }
  return hashMix(h, memory_.hash(locals));
}

void Execution::dependsOnAddresses(const llvm::Instruction* at) {
  if (result_.addressDependent) return;
  result_.addressDependent = true;
  if (at) result_.addressDependence = frontend::sourceLocationOf(*at);
}

bool Execution::pointerComparisonDependsOnAddresses(uint64_t predicate, const Slot& a, const Slot& b) const {
  if (a.prov == b.prov) return a.prov == 0 && a.bits != b.bits && a.bits != 0 && b.bits != 0;
  const bool aNull = a.prov == 0 && a.bits == 0, bNull = b.prov == 0 && b.bits == 0;
  if (aNull || bNull) return false;  // no object lies at address 0
  const bool equality = predicate == llvm::CmpInst::ICMP_EQ || predicate == llvm::CmpInst::ICMP_NE;
  // Two live objects never share an address; a dead one's address may have been given to a new object.
  return !equality || a.prov == 0 || b.prov == 0 || !memory_.object(a.prov).live || !memory_.object(b.prov).live;
}

namespace {

// `mismatchHint` is where the last comparison found a difference: a loop usually changes the same register every
// time, so trying it first keeps a failed comparison short however many registers there are.
bool sameRegisters(const std::vector<Slot>& then, const std::vector<Slot>& now, size_t& mismatchHint,
                   EndedObjectMatch& match) {
  if (then.size() != now.size()) return false;
  auto differ = [&](size_t i) { return !match.sameSlot(then[i], now[i]); };
  if (mismatchHint < then.size() && differ(mismatchHint)) return false;
  // Then from the last register (the innermost frame's), where a loop's values change.
  for (size_t i = then.size(); i-- > 0;)
    if (differ(i)) {
      mismatchHint = i;
      return false;
    }
  return true;
}

bool sameAllocas(const std::vector<uint32_t>& then, const std::vector<uint32_t>& now, EndedObjectMatch& match) {
  if (then.size() != now.size()) return false;
  for (size_t i = 0; i < then.size(); ++i)
    if (!match.sameObject(then[i], now[i])) return false;
  return true;
}

// Beyond these the snapshots and comparisons would cost more than the detection is worth.
constexpr uint64_t kLassoMaxLiveBytes = 4ull << 20;
constexpr uint32_t kLassoMaxObjects = 1u << 16;

}  // namespace

bool Execution::sameStateAsSnapshot() {
  const StateSnapshot& s = *snapshot_;
  if (s.pc != pc_ || s.frames != frames_) return false;
  EndedObjectMatch match(s.memory, memory_);
  return sameRegisters(s.registers, registers_, registerMismatchHint_, match) && sameAllocas(s.allocas, allocas_, match) &&
         memory_.sameLiveState(s.memory, objectMismatchHint_);
}

Flow Execution::atLoopHead(uint64_t steps, const llvm::Instruction* at) {
  if (describesRecurrenceAt(at, steps, false)) recordHeadState(at, false);
  if (snapshot_ && sameStateAsSnapshot()) {
    result_.end = RunEnd::Lasso;
    Lasso lasso;
    if (at) lasso.loopHead = frontend::sourceLocationOf(*at);
    lasso.head = at;
    lasso.firstVisitStep = snapshot_->step;
    lasso.periodSteps = steps - snapshot_->step;
    lasso.stemInputs = snapshot_->inputsDrawn;
    finishRecurrence(lasso);
    result_.lasso = std::move(lasso);
    return Flow::Stop;
  }
  if (snapshot_ && ++visitsSinceSnapshot_ < snapshotInterval_) return Flow::Continue;
  if (snapshot_) snapshotInterval_ *= 2;
  visitsSinceSnapshot_ = 0;
  if (memory_.bytesLive() > kLassoMaxLiveBytes || memory_.objectCount() > kLassoMaxObjects) {
    snapshot_.reset();
    return Flow::Continue;
  }
  snapshot_.emplace(StateSnapshot{pc_, frames_, registers_, allocas_, memory_, steps, result_.inputs.size()});
  return Flow::Continue;
}

// Parameters are never assigned, so a running frame's still hold the arguments it was called with.
bool Execution::sameArguments(const Frame& a, const Frame& b) const {
  if (a.function != b.function) return false;
  for (uint32_t r : code_.functions[a.function].paramRegs) {
    const Slot& x = registers_[a.regBase + r];
    const Slot& y = registers_[b.regBase + r];
    if (x.bits != y.bits || x.prov != y.prov) return false;
  }
  return true;
}

namespace {
// How far up the chain of enclosing calls of the same function a repeated call is looked for, and how many bytes
// the entry snapshots may copy in one run.
constexpr unsigned kRecursionMaxAncestors = 8;
constexpr uint64_t kEntrySnapshotsMaxBytes = 64ull << 20;
}  // namespace

Flow Execution::atRecursiveEntry(uint64_t steps, const llvm::Instruction* at) {
  const Frame& entered = frames_.back();
  if (entered.outerSameFunction == UINT32_MAX) return Flow::Continue;
  // The variable arguments of a variadic function are not among its parameters.
  if (code_.functions[entered.function].source->isVarArg()) return Flow::Continue;
  if (describesRecurrenceAt(at, steps, true)) recordHeadState(at, true);
  if (entrySnapshot_) {
    const EntrySnapshot& snapshot = *entrySnapshot_;
    if (sameArguments(entered, frames_[snapshot.depth]) && memory_.olderObjectsUnchanged(snapshot.memory)) {
      result_.end = RunEnd::Lasso;
      Lasso lasso;
      if (at) lasso.loopHead = frontend::sourceLocationOf(*at);
      lasso.head = at;
      lasso.recursion = true;
      lasso.enteredFunction = code_.functions[entered.function].name;
      lasso.firstVisitStep = snapshot.step;
      lasso.periodSteps = steps - snapshot.step;
      lasso.stemInputs = snapshot.inputsDrawn;
      finishRecurrence(lasso);
      result_.lasso = std::move(lasso);
      return Flow::Stop;
    }
    // A snapshot that does not recur may stand for a while only: the calls that do may come later.
    if (++entriesSinceEntrySnapshot_ < entrySnapshotPatience_) return Flow::Continue;
    entrySnapshotPatience_ *= 2;
  }
  // Only a call whose arguments an enclosing call of the function had may begin a repetition.
  bool repeated = false;
  uint32_t outer = entered.outerSameFunction;
  for (unsigned n = 0; n < kRecursionMaxAncestors && outer != UINT32_MAX && !repeated; ++n) {
    repeated = sameArguments(entered, frames_[outer]);
    outer = frames_[outer].outerSameFunction;
  }
  if (!repeated || memory_.bytesLive() > kLassoMaxLiveBytes || memory_.objectCount() > kLassoMaxObjects ||
      entrySnapshotBytesCopied_ > kEntrySnapshotsMaxBytes)
    return Flow::Continue;
  entrySnapshotBytesCopied_ += memory_.bytesLive();
  entriesSinceEntrySnapshot_ = 0;
  entrySnapshot_.emplace(EntrySnapshot{frames_.size() - 1, memory_, steps, result_.inputs.size()});
  return Flow::Continue;
}

Flow Execution::violation(ViolationKind kind, std::string message, const llvm::Instruction* at) {
  result_.end = RunEnd::Violation;
  Violation v;
  v.kind = kind;
  v.message = std::move(message);
  if (at) v.location = frontend::sourceLocationOf(*at);
  result_.violation = std::move(v);
  const Check check = checkOf(kind);
  if (check == Check::InvalidDeref || check == Check::InvalidFree) {
    Reach reach = reachableHeap(true);
    result_.leakBeforeViolation = anyLostHeap(reach, false, nullptr);
  }
  return Flow::Stop;
}

Flow Execution::unsupported(std::string why, const llvm::Instruction* at) {
  result_.end = RunEnd::Unsupported;
  result_.unsupported = std::move(why);
  if (at) {
    SourceLocation loc = frontend::sourceLocationOf(*at);
    if (loc.known()) result_.unsupported += " (line " + std::to_string(loc.line) + ")";
    result_.unsupportedAt = loc;
  }
  return Flow::Stop;
}

Flow Execution::accessViolation(Access access, const Slot& pointer, uint64_t n, bool write,
                                const llvm::Instruction* at) {
  char address[32];
  std::snprintf(address, sizeof address, "0x%llx", static_cast<unsigned long long>(pointer.bits));
  std::string what = std::string(write ? "write" : "read") + " of " + std::to_string(n) + " byte" +
                     (n == 1 ? "" : "s") + " at " + address;
  switch (access) {
    case Access::Null: return violation(ViolationKind::NullDereference, what + ": null pointer", at);
    case Access::Invalid: return violation(ViolationKind::InvalidPointer, what + ": no object there", at);
    case Access::Freed: return violation(ViolationKind::UseAfterFree, what + ": the object was freed", at);
    case Access::OutOfScope:
      return violation(ViolationKind::UseAfterScope, what + ": the stack object's block or function was left", at);
    case Access::Constant: return violation(ViolationKind::WriteToConstant, what + ": constant object", at);
    case Access::OutOfBounds: {
      uint32_t id = pointer.prov ? pointer.prov : memory_.findByAddress(pointer.bits);
      const Object& o = memory_.object(id);
      int64_t offset = static_cast<int64_t>(pointer.bits - o.base);
      return violation(ViolationKind::OutOfBounds,
                       what + ": offset " + std::to_string(offset) + " of an object of " + std::to_string(o.size) +
                           " bytes",
                       at);
    }
    case Access::Ok: break;
  }
  return Flow::Continue;
}

uint32_t Execution::access(const Slot& pointer, uint64_t n, bool write, uint64_t& offset,
                           const llvm::Instruction* at) {
  uint32_t id;
  Access a = memory_.resolve(pointer, n, write, id, offset);
  if (a != Access::Ok) {
    accessViolation(a, pointer, n, write, at);
    return 0;
  }
  return id;
}

uint64_t Execution::drawNondet(const NondetRequest& request, const std::string& origin, const llvm::Instruction* at) {
  uint64_t v =
      (resumeValue_ ? *std::exchange(resumeValue_, std::nullopt) : inputs_.draw(request)) & maskOf(request.bits);
  NondetInput in;
  in.bits = request.bits;
  in.isSigned = request.isSigned;
  in.floatingPoint = request.kind == frontend::NondetKind::Float || request.kind == frontend::NondetKind::Double;
  in.fromCall = !request.uninitialized;
  in.value = v;
  // A search copies paused executions often: their inputs are values only, which a replay completes.
  if (!pauseAtNondet_) {
    in.origin = origin;
    if (at) in.location = frontend::sourceLocationOf(*at);
  }
  result_.inputs.push_back(std::move(in));
  return v;
}

bool Execution::initializeByDrawing(Object& o, uint64_t offset, uint64_t n, const llvm::Instruction* at) {
  bool anyUnknown = std::any_of(o.init.data() + offset, o.init.data() + offset + n, [](uint8_t b) { return !b; });
  if (anyUnknown && o.kind == ObjectKind::Global) {
    unsupported("a read of an external global that the program does not define", at);
    return false;
  }
  for (uint64_t i = offset; i < offset + n; ++i) {
    if (o.init[i]) continue;
    uint64_t byte = drawNondet({frontend::NondetKind::Integer, 8, false, true}, "uninitialized read", at);
    o.data[i] = static_cast<uint8_t>(byte);
    o.init[i] = 1;
  }
  return true;
}

Slot Execution::allocateHeap(uint64_t size, const llvm::Instruction* at) {
  uint32_t id = memory_.allocate(ObjectKind::Heap, size, 16, at);
  if (id == 0) return Slot{0, 0, 0};
  return Slot{memory_.object(id).base, id, 0};
}

void Execution::popFrame() {
  const Frame& f = frames_.back();
  for (size_t i = f.allocaStart; i < allocas_.size(); ++i) memory_.release(allocas_[i]);
  allocas_.resize(f.allocaStart);
  registers_.resize(f.regBase);
  innermostFrameOf_[f.function] = f.outerSameFunction;
  if (entrySnapshot_ && entrySnapshot_->depth + 1 == frames_.size()) entrySnapshot_.reset();
  frames_.pop_back();
}

Flow Execution::call(const Function& caller, const CallSite& site, uint32_t dst, const llvm::Instruction* at) {
  uint32_t calleeIndex = site.callee;
  if (calleeIndex == UINT32_MAX) {
    const Slot& target = regs()[site.calleeReg];
    uint32_t id = target.prov ? target.prov : memory_.findByAddress(target.bits);
    if (id == 0 || memory_.object(id).kind != ObjectKind::Function || memory_.object(id).base != target.bits)
      return violation(ViolationKind::PoisonValue, "call through a pointer that is not a function", at);
    calleeIndex = memory_.object(id).function;
  }
  const Function& callee = code_.functions[calleeIndex];
  const bool envSemantics = callee.env == frontend::EnvFunction::ReachError ||
                            callee.env == frontend::EnvFunction::Nondet || !callee.hasBody;
  if (envSemantics) return callBuiltin(callee, site, dst, at);
  if (site.argRegs.size() < callee.paramRegs.size())
    return unsupported("a call to '" + callee.name + "' with fewer arguments than parameters", at);
  if (frames_.size() >= options_.maxCallDepth) {
    result_.end = RunEnd::MemoryLimit;
    return Flow::Stop;
  }
  (void)caller;
  const uint32_t callerBase = frames_.back().regBase;
  const uint32_t base = static_cast<uint32_t>(registers_.size());
  // A large function has many registers but few constants: zeroing is cheaper than copying them all.
  registers_.resize(base + callee.numRegs);
  for (uint32_t r : callee.nonzeroInitialRegs) registers_[base + r] = callee.initialRegs[r];
  for (size_t i = 0; i < callee.paramRegs.size(); ++i)
    registers_[base + callee.paramRegs[i]] = registers_[callerBase + site.argRegs[i]];
  frames_.push_back(Frame{calleeIndex, base, pc_ + 1, dst, static_cast<uint32_t>(allocas_.size()),
                          innermostFrameOf_[calleeIndex]});
  innermostFrameOf_[calleeIndex] = static_cast<uint32_t>(frames_.size() - 1);
  pc_ = callee.entry;
  return Flow::Continue;
}

// --- The run loop ------------------------------------------------------------------------------------------------

template <bool kTrace, bool kDetectLasso>
void Execution::loop() {
  const Function* fn = &code_.functions[frames_.back().function];
  const Instr* code = fn->code.data();
  Slot* R = regs();
  const uint64_t pmask = ptrMask();
  uint64_t steps = 0;
  const uint64_t maxSteps = options_.maxSteps;

  auto here = [&]() { return fn->origin[pc_]; };
  // Under `termcomp`, a value with its sign bit set may be a negative int that C converted to unsigned, or a large
  // unsigned value that C converted to int (the IR shows neither conversion): with unbounded integers it would have
  // kept its number. Noted as a wrap-around, so the run is no evidence (conservatively, also where C converted
  // nothing).
  auto noteReadAsUnsigned = [&](uint64_t bits, unsigned width) { noteSignBitRead(bits, width, false, here()); };
  auto noteReadAsSigned = [&](uint64_t bits, unsigned width) { noteSignBitRead(bits, width, true, here()); };
  auto reload = [&]() {
    fn = &code_.functions[frames_.back().function];
    code = fn->code.data();
    R = regs();
  };

  for (;;) {
    const Instr& in = code[pc_];
    if (kTrace) recordTrace(*fn, pc_);
    // Loop heads are block starts, entered only by a jump: each execution of one is a visit.
    if constexpr (kDetectLasso)
      if (fn->loopHead[pc_] && atLoopHead(steps, here()) == Flow::Stop) break;
    if (++steps >= maxSteps) {
      result_.end = RunEnd::StepLimit;
      break;
    }
    if ((steps & 0xFFFF) == 0 && result_.inputs.size() > options_.maxInputs) {
      result_.end = RunEnd::MemoryLimit;
      break;
    }
    if ((steps & 0xFFFF) == 0 && options_.deadline.expired()) {
      result_.end = RunEnd::Deadline;
      break;
    }
    const unsigned w = in.w;
    switch (in.op) {
      case Op::Add:
      case Op::Sub:
      case Op::Mul: {
        const uint64_t a = R[in.a].bits, b = R[in.b].bits;
        uint64_t r = in.op == Op::Add ? a + b : in.op == Op::Sub ? a - b : a * b;
        if (in.flags & kNoSignedWrap) {
          noteReadAsSigned(a, w);
          noteReadAsSigned(b, w);
          __int128 sa = signExtend(a, w), sb = signExtend(b, w);
          __int128 exact = in.op == Op::Add ? sa + sb : in.op == Op::Sub ? sa - sb : sa * sb;
          if (!fitsSigned(exact, w)) {
            const char* name = in.op == Op::Add ? "addition" : in.op == Op::Sub ? "subtraction" : "multiplication";
            violation(ViolationKind::SignedOverflow,
                      std::string("signed ") + name + " overflows " + std::to_string(w) + " bits: " +
                          std::to_string(static_cast<long long>(sa)) + (in.op == Op::Add ? " + " : in.op == Op::Sub ? " - " : " * ") +
                          std::to_string(static_cast<long long>(sb)),
                      here());
            goto done;
          }
        }
        if (in.flags & kNoUnsignedWrap) {
          unsigned __int128 ua = a, ub = b;
          unsigned __int128 exact = in.op == Op::Add ? ua + ub : in.op == Op::Sub ? ua - ub : ua * ub;
          if (exact > maskOf(w) || (in.op == Op::Sub && a < b)) {
            violation(ViolationKind::PoisonValue, "unsigned wrap-around of an operation marked nuw", here());
            goto done;
          }
        }
        if ((in.flags & kPointerDifference) && R[in.a].prov != R[in.b].prov) dependsOnAddresses(here());
        const bool unsignedArithmetic = !(in.flags & (kNoSignedWrap | kPointerDifference));
        // Narrower than int, clang writes `c++` on a char as this operation, whose C type is the char's, either
        // signedness: its result must keep its number in both.
        if (options_.noteWrapArounds && unsignedArithmetic && w > 1 && w < 32) {
          const __int128 sa = signExtend(a, w), sb = signExtend(b, w);
          const __int128 exactSigned = in.op == Op::Add ? sa + sb : in.op == Op::Sub ? sa - sb : sa * sb;
          if (!fitsSigned(exactSigned, w)) noteWrapAround(here());
        }
        if (options_.noteWrapArounds && unsignedArithmetic && !result_.wrapAround) {
          noteReadAsUnsigned(a, w);
          noteReadAsUnsigned(b, w);
          const unsigned __int128 ua = a, ub = b;
          const unsigned __int128 exact = in.op == Op::Add ? ua + ub : in.op == Op::Sub ? ua - ub : ua * ub;
          if (exact > maskOf(w) || (in.op == Op::Sub && a < b)) noteWrapAround(here());
        }
        R[in.dst] = Slot{r & maskOf(w), 0, 0};
        break;
      }
      case Op::UDiv:
      case Op::URem: {
        const uint64_t a = R[in.a].bits, b = R[in.b].bits;
        noteReadAsUnsigned(a, w);
        noteReadAsUnsigned(b, w);
        if (b == 0) {
          violation(ViolationKind::DivisionByZero, "division by zero", here());
          goto done;
        }
        if (in.op == Op::UDiv && (in.flags & kExact) && a % b != 0) {
          violation(ViolationKind::PoisonValue, "inexact division marked exact", here());
          goto done;
        }
        R[in.dst] = Slot{in.op == Op::UDiv ? a / b : a % b, 0, 0};
        break;
      }
      case Op::SDiv:
      case Op::SRem: {
        noteReadAsSigned(R[in.a].bits, w);
        noteReadAsSigned(R[in.b].bits, w);
        const int64_t a = signExtend(R[in.a].bits, w), b = signExtend(R[in.b].bits, w);
        if (b == 0) {
          violation(ViolationKind::DivisionByZero, "division by zero", here());
          goto done;
        }
        const int64_t minValue = w >= 64 ? INT64_MIN : -(int64_t{1} << (w - 1));
        if (a == minValue && b == -1) {
          if (in.op == Op::SDiv)
            violation(ViolationKind::SignedOverflow, "signed division overflows: " + std::to_string(a) + " / -1", here());
          else
            violation(ViolationKind::RemainderOverflow, "remainder of " + std::to_string(a) + " by -1", here());
          goto done;
        }
        if (in.op == Op::SDiv && (in.flags & kExact) && a % b != 0) {
          violation(ViolationKind::PoisonValue, "inexact division marked exact", here());
          goto done;
        }
        R[in.dst] = Slot{static_cast<uint64_t>(in.op == Op::SDiv ? a / b : a % b) & maskOf(w), 0, 0};
        break;
      }
      case Op::Shl:
      case Op::LShr:
      case Op::AShr: {
        const uint64_t a = R[in.a].bits, b = R[in.b].bits;
        if (b >= w) {
          violation(ViolationKind::ShiftOutOfRange,
                    "shift by " + std::to_string(b) + " of a " + std::to_string(w) + "-bit value", here());
          goto done;
        }
        uint64_t r;
        if (in.op == Op::Shl) {
          r = (a << b) & maskOf(w);
          if (((in.flags & kNoSignedWrap) && signExtend(r, w) >> b != signExtend(a, w)) ||
              ((in.flags & kNoUnsignedWrap) && (r >> b) != a)) {
            violation(ViolationKind::PoisonValue, "left shift overflows an operation marked nsw/nuw", here());
            goto done;
          }
          // Bits shifted out of an unsigned value (a signed one that loses them is undefined, and trapped before).
          if (!(in.flags & kNoSignedWrap) && (r >> b) != a) noteWrapAround(here());
        } else if (in.op == Op::LShr) {
          noteReadAsUnsigned(a, w);
          r = a >> b;
        } else {
          noteReadAsSigned(a, w);
          r = static_cast<uint64_t>(signExtend(a, w) >> b) & maskOf(w);
        }
        if (in.op != Op::Shl && (in.flags & kExact) && (a & maskOf(static_cast<unsigned>(b))) != 0) {
          violation(ViolationKind::PoisonValue, "inexact shift marked exact", here());
          goto done;
        }
        R[in.dst] = Slot{r, 0, 0};
        break;
      }
      case Op::And:
      case Op::Or:
      case Op::Xor: {
        // On ints, C's bits are the infinite two's complement's; an operand with its sign bit set may also be an
        // int C converted to unsigned, or a large unsigned value, whose bits are not.
        const uint64_t a = R[in.a].bits, b = R[in.b].bits;
        noteReadAsSigned(a, w);
        noteReadAsSigned(b, w);
        R[in.dst] = Slot{in.op == Op::And ? a & b : in.op == Op::Or ? a | b : a ^ b, 0, 0};
        break;
      }
      case Op::ICmp:
        if ((in.flags & kPointer) && pointerComparisonDependsOnAddresses(in.imm, R[in.a], R[in.b]))
          dependsOnAddresses(here());
        if (options_.noteWrapArounds && !(in.flags & kPointer) &&
            !llvm::CmpInst::isEquality(static_cast<llvm::CmpInst::Predicate>(in.imm))) {
          const bool isSigned = llvm::CmpInst::isSigned(static_cast<llvm::CmpInst::Predicate>(in.imm));
          noteSignBitRead(R[in.a].bits, w, isSigned, here());
          noteSignBitRead(R[in.b].bits, w, isSigned, here());
        }
        // Equal bits with the sign bit set may be a negative int and the unsigned value C converted it to, which
        // unbounded integers keep apart.
        if (options_.noteWrapArounds && !(in.flags & kPointer) &&
            llvm::CmpInst::isEquality(static_cast<llvm::CmpInst::Predicate>(in.imm)) && R[in.a].bits == R[in.b].bits)
          noteReadAsUnsigned(R[in.a].bits, w);
        R[in.dst] = Slot{compareInteger(in.imm, R[in.a].bits, R[in.b].bits, w) ? 1u : 0u, 0, 0};
        break;
      case Op::FAdd: R[in.dst] = Slot{floatOp(R[in.a].bits, R[in.b].bits, w, [](auto x, auto y) { return x + y; }), 0, 0}; break;
      case Op::FSub: R[in.dst] = Slot{floatOp(R[in.a].bits, R[in.b].bits, w, [](auto x, auto y) { return x - y; }), 0, 0}; break;
      case Op::FMul: R[in.dst] = Slot{floatOp(R[in.a].bits, R[in.b].bits, w, [](auto x, auto y) { return x * y; }), 0, 0}; break;
      case Op::FDiv: R[in.dst] = Slot{floatOp(R[in.a].bits, R[in.b].bits, w, [](auto x, auto y) { return x / y; }), 0, 0}; break;
      case Op::FRem: R[in.dst] = Slot{floatOp(R[in.a].bits, R[in.b].bits, w, [](auto x, auto y) { return std::fmod(x, y); }), 0, 0}; break;
      case Op::FNeg: R[in.dst] = Slot{R[in.a].bits ^ (w == 32 ? 0x80000000ull : 0x8000000000000000ull), 0, 0}; break;
      case Op::FCmp:
        R[in.dst] = Slot{compareFloat(in.imm, asDouble(R[in.a].bits, w), asDouble(R[in.b].bits, w)) ? 1u : 0u, 0, 0};
        break;
      case Op::Trunc:
        // A value the narrower type's signed range holds keeps its number whichever way the bits are read back; a
        // source with its sign bit set may be a large unsigned value, which it does not hold.
        if (w > 1 && signExtend(R[in.a].bits & maskOf(w), w) != signExtend(R[in.a].bits, static_cast<unsigned>(in.imm)))
          noteWrapAround(here());
        noteReadAsSigned(R[in.a].bits, static_cast<unsigned>(in.imm));
        R[in.dst] = Slot{R[in.a].bits & maskOf(w), 0, 0};
        break;
      case Op::ZExt:
        if (in.imm > 1) noteReadAsUnsigned(R[in.a].bits, static_cast<unsigned>(in.imm));
        R[in.dst] = Slot{R[in.a].bits, 0, 0};
        break;
      case Op::SExt:
        noteReadAsSigned(R[in.a].bits, static_cast<unsigned>(in.imm));
        R[in.dst] = Slot{static_cast<uint64_t>(signExtend(R[in.a].bits, static_cast<unsigned>(in.imm))) & maskOf(w), 0, 0};
        break;
      case Op::FPTrunc:
      case Op::FPExt:
        R[in.dst] = Slot{toFloatBits(asDouble(R[in.a].bits, static_cast<unsigned>(in.imm)), w), 0, 0};
        break;
      case Op::FPToSI:
      case Op::FPToUI: {
        const double x = std::trunc(asDouble(R[in.a].bits, static_cast<unsigned>(in.imm)));
        const double limit = std::ldexp(1.0, in.op == Op::FPToSI ? static_cast<int>(w) - 1 : static_cast<int>(w));
        const bool fits = in.op == Op::FPToSI ? (x >= -limit && x < limit) : (x > -1.0 && x < limit);
        if (!fits) {
          violation(ViolationKind::PoisonValue, "conversion of an out-of-range floating-point value to an integer",
                    here());
          goto done;
        }
        uint64_t r = in.op == Op::FPToSI ? static_cast<uint64_t>(static_cast<int64_t>(x))
                                         : (x >= 9223372036854775808.0 ? static_cast<uint64_t>(x - 9223372036854775808.0) + (1ull << 63)
                                                                        : static_cast<uint64_t>(x));
        R[in.dst] = Slot{r & maskOf(w), 0, 0};
        break;
      }
      case Op::SIToFP:
        noteReadAsSigned(R[in.a].bits, static_cast<unsigned>(in.imm));
        R[in.dst] = Slot{toFloatBits(signExtend(R[in.a].bits, static_cast<unsigned>(in.imm)), w), 0, 0};
        break;
      case Op::UIToFP:
        noteReadAsUnsigned(R[in.a].bits, static_cast<unsigned>(in.imm));
        R[in.dst] = Slot{toFloatBits(R[in.a].bits, w), 0, 0};
        break;
      case Op::PtrToInt:
        if (R[in.a].prov != 0 && !(in.flags & kPointerDifference)) dependsOnAddresses(here());
        [[fallthrough]];
      case Op::IntToPtr:
        if (in.op == Op::IntToPtr) noteReadAsUnsigned(R[in.a].bits, static_cast<unsigned>(in.imm));
        // The provenance travels with the integer so that a round trip through uintptr_t keeps it.
        R[in.dst] = Slot{R[in.a].bits & maskOf(w), R[in.a].prov, 0};
        break;
      case Op::Move:
        if (in.imm == 1)
          R[in.dst] = R[in.a];
        else
          std::memmove(&R[in.dst], &R[in.a], in.imm * sizeof(Slot));
        break;
      case Op::Select: {
        const uint32_t from = (R[in.a].bits & 1) ? in.b : in.c;
        std::memmove(&R[in.dst], &R[from], in.imm * sizeof(Slot));
        break;
      }
      case Op::Alloca: {
        uint64_t count = in.b == UINT32_MAX ? 1 : R[in.b].bits;
        unsigned __int128 size = static_cast<unsigned __int128>(count) * in.imm;
        if (size > (1ull << 40)) {
          result_.end = RunEnd::MemoryLimit;
          goto done;
        }
        uint32_t id = memory_.allocate(ObjectKind::Stack, static_cast<uint64_t>(size), in.aux, fn->origin[pc_]);
        if (id == 0) {
          result_.end = RunEnd::MemoryLimit;
          goto done;
        }
        allocas_.push_back(id);
        R[in.dst] = Slot{memory_.object(id).base, id, 0};
        break;
      }
      case Op::Load: {
        Slot p = R[in.a];
        p.bits = (p.bits + in.imm) & pmask;
        uint32_t id;
        uint64_t offset;
        Access a = memory_.resolve(p, in.c, false, id, offset);
        if (a != Access::Ok) {
          accessViolation(a, p, in.c, false, here());
          goto done;
        }
        Object& o = memory_.object(id);
        bool initialized;
        uint64_t v = memory_.readScalar(o, offset, in.c, initialized);
        if (!initialized) {
          if (!initializeByDrawing(o, offset, in.c, here())) goto done;
          v = memory_.readScalar(o, offset, in.c, initialized);
        }
        uint32_t prov = (in.flags & kPointer) || w == code_.pointerBytes * 8 ? memory_.readProvenance(o, offset, in.c) : 0;
        if (!(in.flags & kPointer) && !o.prov.empty() &&
            std::any_of(o.prov.data() + offset, o.prov.data() + offset + in.c, [](uint32_t p) { return p != 0; }))
          dependsOnAddresses(here());  // the bytes of a stored pointer read as a number
        R[in.dst] = Slot{v & maskOf(w), prov, 0};
        break;
      }
      case Op::Store: {
        Slot p = R[in.b];
        p.bits = (p.bits + in.imm) & pmask;
        uint32_t id;
        uint64_t offset;
        Access a = memory_.resolve(p, in.c, true, id, offset);
        if (a != Access::Ok) {
          accessViolation(a, p, in.c, true, here());
          goto done;
        }
        const Slot& v = R[in.a];
        memory_.writeScalar(memory_.object(id), offset, in.c, v.bits, v.prov);
        break;
      }
      case Op::Gep: {
        uint64_t address = R[in.a].bits + in.imm;
        for (uint32_t t = in.aux; t < in.aux + in.c; ++t) {
          const GepTerm& term = fn->gepTerms[t];
          noteReadAsSigned(R[term.reg].bits, term.bits);
          address += static_cast<uint64_t>(signExtend(R[term.reg].bits, term.bits) * term.scale);
        }
        R[in.dst] = Slot{address & pmask, R[in.a].prov, 0};
        break;
      }
      case Op::Jump:
        pc_ = in.a;
        continue;
      case Op::Branch: {
        const uint32_t from = pc_;
        pc_ = (R[in.a].bits & 1) ? in.b : in.c;
        if (kTrace) recordBranch(from, pc_);
        continue;
      }
      case Op::Switch: {
        const SwitchTable& table = fn->switches[in.aux];
        const uint64_t v = R[in.a].bits;
        pc_ = table.defaultTarget;
        for (const auto& [value, target] : table.cases)
          if (value == v) {
            noteReadAsUnsigned(v, w);  // as for an equality
            pc_ = target;
            break;
          }
        if (kTrace) recordBranch(&in - code, pc_);
        continue;
      }
      case Op::PhiMoves: {
        scratch_.clear();
        for (uint32_t m = in.aux; m < in.aux + in.c; ++m) {
          const PhiMove& mv = fn->phiMoves[m];
          scratch_.insert(scratch_.end(), R + mv.src, R + mv.src + mv.slots);
        }
        size_t k = 0;
        for (uint32_t m = in.aux; m < in.aux + in.c; ++m) {
          const PhiMove& mv = fn->phiMoves[m];
          for (uint32_t s = 0; s < mv.slots; ++s) R[mv.dst + s] = scratch_[k++];
        }
        pc_ = in.a;
        continue;
      }
      case Op::Call: {
        const CallSite& site = fn->calls[in.aux];
        const size_t depth = frames_.size();
        const llvm::Instruction* at = here();
        if (call(*fn, site, in.dst, at) == Flow::Stop) goto done;
        if (frames_.size() != depth) {
          if constexpr (kDetectLasso)
            if (atRecursiveEntry(steps, at) == Flow::Stop) goto done;
          reload();
          continue;  // entered the callee: pc_ is its entry
        }
        R = regs();
        break;
      }
      case Op::Ret: {
        const Frame frame = frames_.back();
        if (frames_.size() == 1) {
          popFrame();
          endProgram(RunEnd::Returned);
          goto done;
        }
        scratch_.assign(R + in.a, R + in.a + in.imm);
        popFrame();
        reload();
        std::copy(scratch_.begin(), scratch_.end(), R + frame.returnDst);
        pc_ = frame.returnPc;
        continue;
      }
      case Op::Unreachable:
        violation(ViolationKind::PoisonValue, "execution reached an unreachable point", here());
        goto done;
      case Op::Unsupported:
        unsupported(code_.unsupportedReasons[in.aux], here());
        goto done;
      case Op::OverflowOp: {
        const uint64_t a = R[in.a].bits, b = R[in.b].bits;
        const bool isSigned = in.imm % 2 == 0;
        noteSignBitRead(a, w, isSigned, here());
        noteSignBitRead(b, w, isSigned, here());
        const int kind = static_cast<int>(in.imm / 2);  // 0 add, 1 sub, 2 mul
        __int128 exact;
        if (isSigned) {
          __int128 sa = signExtend(a, w), sb = signExtend(b, w);
          exact = kind == 0 ? sa + sb : kind == 1 ? sa - sb : sa * sb;
        } else {
          __int128 ua = a, ub = b;
          exact = kind == 0 ? ua + ub : kind == 1 ? ua - ub : ua * ub;
        }
        const uint64_t r = static_cast<uint64_t>(exact) & maskOf(w);
        const bool overflow = isSigned ? !fitsSigned(exact, w) : (exact < 0 || exact > static_cast<__int128>(maskOf(w)));
        // With unbounded integers the exact result always fits: C's overflow is no behaviour of the reading.
        if (overflow) noteWrapAround(here());
        R[in.dst] = Slot{r, 0, 0};
        R[in.dst + 1] = Slot{overflow ? 1u : 0u, 0, 0};
        break;
      }
      case Op::MinMax: {
        const uint64_t a = R[in.a].bits, b = R[in.b].bits;
        noteSignBitRead(a, w, in.imm < 2, here());
        noteSignBitRead(b, w, in.imm < 2, here());
        bool pickA;
        switch (in.imm) {
          case 0: pickA = signExtend(a, w) >= signExtend(b, w); break;
          case 1: pickA = signExtend(a, w) <= signExtend(b, w); break;
          case 2: pickA = a >= b; break;
          default: pickA = a <= b; break;
        }
        R[in.dst] = Slot{pickA ? a : b, 0, 0};
        break;
      }
      case Op::Abs: {
        noteReadAsSigned(R[in.a].bits, w);
        const int64_t v = signExtend(R[in.a].bits, w);
        const int64_t minValue = w >= 64 ? INT64_MIN : -(int64_t{1} << (w - 1));
        if (v == minValue && in.b) {
          violation(ViolationKind::SignedOverflow, "absolute value of the minimum integer", here());
          goto done;
        }
        R[in.dst] = Slot{static_cast<uint64_t>(v < 0 ? -v : v) & maskOf(w), 0, 0};
        break;
      }
      case Op::CountBits: {
        const uint64_t v = R[in.a].bits;
        noteReadAsUnsigned(v, w);  // a negative number has infinitely many ones
        uint64_t r = 0;
        if (v == 0 && in.b && (in.imm == 1 || in.imm == 2)) {
          violation(ViolationKind::PoisonValue, "count of leading/trailing zeros of zero", here());
          goto done;
        }
        switch (in.imm) {
          case 0: r = static_cast<uint64_t>(__builtin_popcountll(v)); break;
          case 1: r = v == 0 ? w : static_cast<uint64_t>(__builtin_clzll(v)) - (64 - w); break;
          case 2: r = v == 0 ? w : static_cast<uint64_t>(__builtin_ctzll(v)); break;
          default:
            r = __builtin_bswap64(v) >> (64 - w);
            break;
        }
        R[in.dst] = Slot{r, 0, 0};
        break;
      }
      case Op::LifetimeStart:
      case Op::LifetimeEnd: {
        const uint32_t id = R[in.a].prov;
        if (id == 0 || memory_.object(id).kind != ObjectKind::Stack || memory_.object(id).released) break;
        if (in.op == Op::LifetimeEnd) {
          memory_.endScope(id);
        } else if (memory_.object(id).live) {
          memory_.beginScope(id);
        } else {
          // The scope is entered again (a loop body): in C this is a new object, and pointers to the old one dangle.
          uint32_t fresh = memory_.allocate(ObjectKind::Stack, memory_.object(id).size, 16, memory_.object(id).site);
          if (fresh == 0) {
            result_.end = RunEnd::MemoryLimit;
            goto done;
          }
          memory_.release(id);
          for (size_t k = allocas_.size(); k-- > frames_.back().allocaStart;)
            if (allocas_[k] == id) {
              allocas_[k] = fresh;
              break;
            }
          const Slot renewed{memory_.object(fresh).base, fresh, 0};
          R[in.a] = renewed;
          if (in.b != UINT32_MAX) R[in.b] = renewed;
        }
        break;
      }
      case Op::UbsanTrap:
        if (in.imm == frontend::kUbsanShiftOutOfBounds)
          violation(ViolationKind::SignedOverflow, "signed left shift overflows (or shifts a negative value)", here());
        else
          violation(ViolationKind::PoisonValue, "clang's undefined-behaviour check " + std::to_string(in.imm) + " fails",
                    here());
        goto done;
      case Op::StackSave:
        R[in.dst] = Slot{allocas_.size(), 0, 0};
        break;
      case Op::StackRestore: {
        const uint64_t keep = R[in.a].bits;
        while (allocas_.size() > keep && allocas_.size() > frames_.back().allocaStart) {
          memory_.release(allocas_.back());
          allocas_.pop_back();
        }
        break;
      }
    }
    ++pc_;
  }
done:
  result_.steps += steps;
}

// --- Interpreter -------------------------------------------------------------------------------------------------

Interpreter::Interpreter(std::unique_ptr<Code> code) : code_(std::move(code)) {}
Interpreter::~Interpreter() = default;

std::variant<std::unique_ptr<Interpreter>, std::string> Interpreter::create(const frontend::Program& program) {
  std::string error;
  std::unique_ptr<Code> code = decodeModule(program, error);
  if (!code) return error;
  return std::unique_ptr<Interpreter>(new Interpreter(std::move(code)));
}

RunResult Interpreter::run(InputSource& inputs, const RunOptions& options) const {
  Execution execution(*code_, inputs, options);
  return execution.run();
}

const std::vector<uint64_t>& Interpreter::comparedConstants() const { return code_->comparedConstants; }

bool Interpreter::mainTakesParameters() const { return !code_->functions[code_->mainFunction].paramRegs.empty(); }

namespace {

std::variant<std::unique_ptr<PausedExecution>, RunResult> pausedOrEnded(std::unique_ptr<Execution> execution) {
  if (execution->paused()) return std::make_unique<PausedExecution>(std::move(execution));
  return execution->takeResult();
}

}  // namespace

std::variant<std::unique_ptr<PausedExecution>, RunResult> Interpreter::start(InputSource& inputs,
                                                                             const RunOptions& options) const {
  auto execution = std::make_unique<Execution>(*code_, inputs, options);
  execution->pauseAtNondetCalls();
  if (execution->enterMain()) execution->runLoop();
  return pausedOrEnded(std::move(execution));
}

PausedExecution::PausedExecution(std::unique_ptr<Execution> execution) : execution_(std::move(execution)) {}
PausedExecution::~PausedExecution() = default;

const NondetRequest& PausedExecution::request() const { return *execution_->paused(); }

uint64_t PausedExecution::stateHash() const { return execution_->stateHash(); }

std::variant<std::unique_ptr<PausedExecution>, RunResult> PausedExecution::resume(uint64_t value) const {
  auto copy = std::make_unique<Execution>(*execution_);
  copy->resume(value);
  return pausedOrEnded(std::move(copy));
}

const std::vector<NondetInput>& PausedExecution::inputs() const { return execution_->result().inputs; }

uint64_t PausedExecution::footprintBytes() const { return execution_->footprintBytes(); }

}  // namespace atropos::interp
