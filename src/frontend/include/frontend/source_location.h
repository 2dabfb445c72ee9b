// Source locations of IR instructions, from clang's debug information.
#pragma once

#include "common/property.h"

namespace llvm {
class Instruction;
}

namespace atropos::frontend {

SourceLocation sourceLocationOf(const llvm::Instruction& inst);
// The location of `inst` or, when it has none (a phi at a loop head), of the first instruction after it in its block
// that has one.
SourceLocation sourceLocationFrom(const llvm::Instruction& inst);

}  // namespace atropos::frontend
