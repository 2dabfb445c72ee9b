// The decoded form the interpreter executes: flat instruction arrays per function, registers by index,
// constants pre-evaluated. Private to src/interp.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "frontend/environment.h"
#include "interp/interp.h"

namespace llvm {
class DILocalVariable;
class Function;
class GlobalVariable;
class Instruction;
class Module;
}  // namespace llvm

namespace atropos::interp {

// A register or memory word: the bits (zero-extended to 64) and the allocation a pointer points into (0: none).
struct Slot {
  uint64_t bits;
  uint32_t prov;
  uint32_t unused;
};

enum class Op : uint8_t {
  // integer arithmetic: dst = a op b, width w
  Add, Sub, Mul, UDiv, SDiv, URem, SRem, Shl, LShr, AShr, And, Or, Xor,
  ICmp,     // imm: predicate
  // floating point: w is 32 or 64
  FAdd, FSub, FMul, FDiv, FRem, FNeg, FCmp,
  Trunc, ZExt, SExt,  // w: result width, imm: source width
  FPTrunc, FPExt, FPToSI, FPToUI, SIToFP, UIToFP,  // w: result width, imm: source width
  PtrToInt, IntToPtr,  // w: result width
  Move,      // dst[0..imm) = a[0..imm)
  Select,    // dst[0..imm) = a ? b : c
  Alloca,    // dst = new stack object of imm bytes times the value of register b (b == UINT32_MAX: times 1)
  Load,      // dst = *(a + imm), w: bits, flags: kFloat or kPointer for the value's kind
  Store,     // *(b + imm) = a
  Gep,       // dst = a + imm + sum(index * scale) over gepTerms[aux .. aux + c)
  Jump,      // pc = a
  Branch,    // pc = cond(a) ? b : c
  Switch,    // a: value, aux: switchTables index
  PhiMoves,  // parallel moves phiMoves[aux .. aux + c), then pc = a
  Call,      // aux: calls index
  Ret,       // a: value register, imm: number of slots (0: void)
  Unreachable,
  Unsupported,  // aux: index into unsupportedReasons
  // intrinsics
  OverflowOp,  // {iN, i1} result of llvm.{s,u}{add,sub,mul}.with.overflow; imm: which
  MinMax,      // imm: 0 smax, 1 smin, 2 umax, 3 umin
  Abs,         // b: is INT_MIN poison (1/0)
  CountBits,   // imm: 0 ctpop, 1 ctlz, 2 cttz, 3 bswap
  StackSave,
  StackRestore,
  LifetimeStart,  // a: pointer to a stack object that (again) begins its life, uninitialized; b: its alloca's register
  LifetimeEnd,    // a: pointer to a stack object whose scope ends
  UbsanTrap,      // clang's check of a C-level undefined behaviour failed; imm: clang's check kind
};

// Flags in Instr::flags
constexpr uint8_t kNoSignedWrap = 1;
constexpr uint8_t kNoUnsignedWrap = 2;
constexpr uint8_t kExact = 4;
constexpr uint8_t kFloat = 8;    // load/store/move of a floating-point value
constexpr uint8_t kPointer = 16; // load/store of a pointer; icmp of pointers
// ptrtoint feeding only a pointer subtraction, and that subtraction: the result depends on addresses only when
// the two pointers point into different objects.
constexpr uint8_t kPointerDifference = 32;

struct Instr {
  Op op;
  uint8_t w;      // bit width of the operation's values
  uint8_t flags;
  uint8_t unused;
  uint32_t dst;
  uint32_t a, b, c;
  uint32_t aux;
  uint64_t imm;
};

struct GepTerm {
  uint32_t reg;
  uint32_t bits;  // of the index value (sign-extended to pointer width)
  int64_t scale;
};

struct PhiMove {
  uint32_t dst;
  uint32_t src;
  uint32_t slots;
};

struct SwitchTable {
  uint32_t defaultTarget = 0;
  std::vector<std::pair<uint64_t, uint32_t>> cases;  // value (masked to width), target pc
};

struct CallSite {
  uint32_t callee;        // function index, or UINT32_MAX for an indirect call through register `calleeReg`
  uint32_t calleeReg;
  std::vector<uint32_t> argRegs;  // one register per argument (scalars only)
  uint32_t resultSlots;   // 0 for void
  // For environment functions: the C type of a nondet call's result, and the IR width of the result.
  unsigned resultBits;
  // The registers whose values the function uses after the call returns (the call's result excluded): with memory,
  // they make up the state of an execution stopped at the call.
  std::vector<uint32_t> liveAcross;
  // The local variables whose contents the function overwrites before it reads them again after the call.
  std::vector<const llvm::Instruction*> deadVariables;
};

inline constexpr uint32_t kNoSourceLine = UINT32_MAX;

struct Function {
  const llvm::Function* source = nullptr;
  std::string name;
  frontend::EnvFunction env = frontend::EnvFunction::None;  // meaning by name (for declarations and reach_error)
  std::optional<frontend::NondetType> nondet;
  bool reachErrorEnds = true;  // a reach_error that aborts (frontend::reachErrorEnds)
  bool hasBody = false;
  uint32_t numRegs = 0;
  std::vector<Slot> initialRegs;   // constants live in the first registers
  std::vector<uint32_t> nonzeroInitialRegs;  // the registers of initialRegs that are not all zero
  std::vector<uint32_t> paramRegs; // parameter i lives in register paramRegs[i]
  uint32_t entry = 0;
  std::vector<Instr> code;
  std::vector<const llvm::Instruction*> origin;  // per pc, for source locations
  // Per pc: the source line of origin, or kNoSourceLine where it has none (or line 0). A run's trace compares these numbers
  // instead of asking LLVM's metadata at every instruction.
  std::vector<uint32_t> sourceLine;
  std::vector<GepTerm> gepTerms;
  std::vector<PhiMove> phiMoves;
  std::vector<SwitchTable> switches;
  std::vector<CallSite> calls;
  // Per pc: 1 at the first instruction of a block entered by a retreating edge (one whose source block does not
  // come before its target in layout order). Every cycle of the control-flow graph passes through such a block.
  std::vector<uint8_t> loopHead;
  uint32_t functionAllocation = 0;  // the allocation whose address is this function's
  // The source's local variables (llvm.dbg.declare) and the register that holds each one's address, for describing
  // a state in C terms.
  std::vector<std::pair<const llvm::DILocalVariable*, uint32_t>> variables;
};

enum class ObjectKind : uint8_t { Global, Constant, Stack, Heap, Function };

// One allocation of the initial memory image (globals, constants, functions).
struct StaticObject {
  ObjectKind kind;
  uint64_t size;
  uint64_t align;
  std::string name;
  std::vector<uint8_t> bytes;                // initial contents
  std::vector<std::pair<uint64_t, uint32_t>> pointers;  // (offset, allocation id) of pointers in the contents
  uint32_t function = UINT32_MAX;           // for Function objects
  bool contentsUnknown = false;             // an external global defined nowhere in the program
  const llvm::GlobalVariable* global = nullptr;  // for Global and Constant objects
};

struct Interpreter::Code {
  const llvm::Module* module = nullptr;
  frontend::DataModel dataModel = frontend::DataModel::LP64;
  unsigned pointerBytes = 8;
  std::vector<Function> functions;
  uint32_t mainFunction = UINT32_MAX;
  // Allocation ids start at 1; id i is staticObjects[i - 1]. Addresses are assigned in id order.
  std::vector<StaticObject> staticObjects;
  std::vector<uint64_t> staticBases;
  std::vector<std::string> unsupportedReasons;
  // See Interpreter::comparedConstants.
  std::vector<uint64_t> comparedConstants;
  // frontend::mayHoldUnsignedIntegers: whether a value read as signed with its sign bit set may be a large unsigned
  // one that C converted.
  bool unsignedIntegers = true;
};

// Address layout shared by the decoder (static objects) and the runtime (dynamic objects).
constexpr uint64_t kFirstAddress = 0x10000;
constexpr uint64_t kObjectGap = 16;
inline uint64_t alignUp(uint64_t v, uint64_t a) { return (v + a - 1) / a * a; }

std::unique_ptr<Interpreter::Code> decodeModule(const frontend::Program& program, std::string& error);

}  // namespace atropos::interp
