#include "frontend/normalize.h"

#include <llvm/IR/Dominators.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/Transforms/Utils/Cloning.h>
#include <llvm/Transforms/Utils/PromoteMemToReg.h>

#include <vector>

namespace atropos::frontend {

namespace {

void collectLifetimeStarts(llvm::Value* pointer, std::vector<llvm::IntrinsicInst*>& starts) {
  for (llvm::User* user : pointer->users()) {
    if (auto* intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(user)) {
      if (intrinsic->getIntrinsicID() == llvm::Intrinsic::lifetime_start) starts.push_back(intrinsic);
    } else if (llvm::isa<llvm::BitCastInst>(user) || llvm::isa<llvm::GetElementPtrInst>(user)) {
      collectLifetimeStarts(user, starts);
    }
  }
}

void promoteLocals(llvm::Function& function) {
  std::vector<llvm::AllocaInst*> promotable;
  for (llvm::Instruction& i : function.getEntryBlock())
    if (auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(&i); alloca && llvm::isAllocaPromotable(alloca))
      promotable.push_back(alloca);
  if (promotable.empty()) return;
  for (llvm::AllocaInst* alloca : promotable) {
    std::vector<llvm::IntrinsicInst*> starts;
    collectLifetimeStarts(alloca, starts);
    for (llvm::IntrinsicInst* start : starts) {
      llvm::IRBuilder<> builder(start->getNextNode());
      builder.CreateStore(llvm::UndefValue::get(alloca->getAllocatedType()), alloca);
    }
  }
  llvm::DominatorTree dominators(function);
  llvm::PromoteMemToReg(promotable, dominators);
}

}  // namespace

std::unique_ptr<llvm::Module> normalizedCopy(const Program& program) {
  std::unique_ptr<llvm::Module> copy = llvm::CloneModule(*program.module);
  for (llvm::Function& function : *copy)
    if (!function.isDeclaration()) promoteLocals(function);
  return copy;
}

}  // namespace atropos::frontend
