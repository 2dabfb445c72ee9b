#include "frontend/debug_info.h"

#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Instruction.h>

#include <cstdint>

namespace atropos::frontend {

const llvm::DIType* strippedType(const llvm::DIType* t) {
  while (auto* d = llvm::dyn_cast_or_null<llvm::DIDerivedType>(t)) {
    switch (d->getTag()) {
      case llvm::dwarf::DW_TAG_typedef:
      case llvm::dwarf::DW_TAG_const_type:
      case llvm::dwarf::DW_TAG_volatile_type:
      case llvm::dwarf::DW_TAG_restrict_type:
      case llvm::dwarf::DW_TAG_atomic_type:
        t = d->getBaseType();
        continue;
      default:
        return t;
    }
  }
  return t;
}

std::vector<const llvm::DIScope*> scopesAround(const llvm::Instruction* at) {
  std::vector<const llvm::DIScope*> scopes;
  const llvm::DILocation* loc = at ? at->getDebugLoc().get() : nullptr;
  for (const llvm::DIScope* s = loc ? loc->getScope() : nullptr; s;) {
    scopes.push_back(s);
    if (llvm::isa<llvm::DISubprogram>(s)) break;
    auto* block = llvm::dyn_cast<llvm::DILexicalBlockBase>(s);
    s = block ? block->getScope() : nullptr;
  }
  return scopes;
}

}  // namespace atropos::frontend
