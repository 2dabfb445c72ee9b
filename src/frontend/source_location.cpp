#include "frontend/source_location.h"

#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instruction.h>
#include <llvm/Support/Path.h>

namespace atropos::frontend {

SourceLocation sourceLocationOf(const llvm::Instruction& inst) {
  SourceLocation loc;
  loc.function = inst.getFunction()->getName().str();
  if (const llvm::DebugLoc& dl = inst.getDebugLoc()) {
    loc.line = dl.getLine();
    loc.column = dl.getCol();
    // clang names the file relative to its working directory when it can: the directory makes it a path that holds
    // wherever it is read.
    if (auto* scope = llvm::dyn_cast<llvm::DIScope>(dl.getScope())) {
      llvm::SmallString<256> path(scope->getFilename());
      if (llvm::sys::path::is_relative(path) && !scope->getDirectory().empty()) {
        path = scope->getDirectory();
        llvm::sys::path::append(path, scope->getFilename());
      }
      loc.file = path.str().str();
    }
  }
  return loc;
}

SourceLocation sourceLocationFrom(const llvm::Instruction& inst) {
  for (const llvm::Instruction* i = &inst; i; i = i->getNextNode())
    if (SourceLocation loc = sourceLocationOf(*i); loc.known()) return loc;
  return sourceLocationOf(inst);
}

}  // namespace atropos::frontend
