#include "frontend/source_location.h"

#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instruction.h>

namespace atropos::frontend {

SourceLocation sourceLocationOf(const llvm::Instruction& inst) {
  SourceLocation loc;
  loc.function = inst.getFunction()->getName().str();
  if (const llvm::DebugLoc& dl = inst.getDebugLoc()) {
    loc.line = dl.getLine();
    loc.column = dl.getCol();
    if (auto* scope = llvm::dyn_cast<llvm::DIScope>(dl.getScope())) loc.file = scope->getFilename().str();
  }
  return loc;
}

}  // namespace atropos::frontend
