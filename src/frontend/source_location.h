// Source locations of IR instructions, from clang's debug information.
#pragma once

#include "common/property.h"

namespace llvm {
class Instruction;
}

namespace atropos::frontend {

SourceLocation sourceLocationOf(const llvm::Instruction& inst);

}  // namespace atropos::frontend
