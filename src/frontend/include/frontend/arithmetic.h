// What C operation an LLVM instruction is, as clang-14 emits it at -O0.
#pragma once

#include <llvm/IR/Instructions.h>
#include <llvm/IR/Operator.h>

namespace llvm {
class Module;
}  // namespace llvm

namespace atropos::frontend {

// A subtraction of two pointers converted to integers: C's pointer difference, not arithmetic on integers.
inline bool isPointerDifference(const llvm::User& user) {
  auto* sub = llvm::dyn_cast<llvm::BinaryOperator>(&user);
  // Either side may be a constant expression, e.g. the address of a global array.
  return sub && sub->getOpcode() == llvm::Instruction::Sub && llvm::isa<llvm::PtrToIntOperator>(sub->getOperand(0)) &&
         llvm::isa<llvm::PtrToIntOperator>(sub->getOperand(1));
}

// An addition, subtraction or multiplication of C's unsigned arithmetic: clang marks every signed one `nsw`, so one
// without the flag (and no pointer difference) is unsigned, and wraps around in C.
inline bool isUnsignedArithmetic(const llvm::Instruction& i) {
  const unsigned op = i.getOpcode();
  if (op != llvm::Instruction::Add && op != llvm::Instruction::Sub && op != llvm::Instruction::Mul) return false;
  return i.getType()->isIntegerTy() && !i.hasNoSignedWrap() && !isPointerDifference(i);
}

// Whether a value of the program may have an unsigned integer type of C: its debug information names one (for a
// variable, a parameter, a field, a result; _Bool aside), or an operation computes or reads one (unsigned
// arithmetic, division, right shift or comparison, a widening, a conversion to floating point, a nondet function of
// an unsigned type). Where none does, a value whose sign bit is set is a negative number under every reading.
bool mayHoldUnsignedIntegers(const llvm::Module& module);

// Under unbounded unsigned integers (termcomp), `n--` and `--n` on an unsigned n subtract 1; clang writes both as
// an addition of 2^bits - 1, which would wrap around for every n > 0. Each such addition becomes a subtraction of
// 1, the same operation in C. The source text at the addition's location tells a decrement (`--`) from
// `n + 4294967295u` or `n += -1`, which clang writes the same way and which do wrap around with unbounded
// integers; where the source cannot be read, nothing changes. A signed decrement (an `nsw` addition of -1) becomes
// a subtraction of 1 too: its constant's bits would otherwise read as either -1 or 2^bits - 1 (a constant the
// compiler may have carried from an unsigned variable), where the source says it is the decrement's 1.
void writeDecrementsAsSubtractions(llvm::Module& module);

// A GNU case range (`case 1 ... 1000:`) is a subtraction and an unsigned comparison in clang's IR,
// `(x - 1) <=u 999`, which relies on the subtraction wrapping around for x < 1. Each becomes the two comparisons it
// means, `x >= 1 && x <= 1000` (signed where the range does not wrap around as signed, else unsigned), the same
// test in C, and the right one with unbounded integers (termcomp).
void writeCaseRangesAsComparisons(llvm::Module& module);

}  // namespace atropos::frontend
