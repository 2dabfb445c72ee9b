#include "frontend/arithmetic.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Module.h>

#include <vector>

namespace atropos::frontend {

void writeNegativeAddendsAsSubtractions(llvm::Module& module) {
  constexpr int64_t kSmallestRewritten = -(int64_t{1} << 15);
  std::vector<llvm::BinaryOperator*> additions;
  for (llvm::Function& f : module)
    for (llvm::BasicBlock& b : f)
      for (llvm::Instruction& i : b)
        if (i.getOpcode() == llvm::Instruction::Add && isUnsignedArithmetic(i))
          if (auto* addend = llvm::dyn_cast<llvm::ConstantInt>(i.getOperand(1));
              addend && addend->getBitWidth() <= 64 && addend->getSExtValue() < 0 &&
              addend->getSExtValue() > kSmallestRewritten)
            additions.push_back(llvm::cast<llvm::BinaryOperator>(&i));
  for (llvm::BinaryOperator* addition : additions) {
    auto* addend = llvm::cast<llvm::ConstantInt>(addition->getOperand(1));
    auto* subtraction = llvm::BinaryOperator::CreateSub(
        addition->getOperand(0), llvm::ConstantInt::get(addend->getType(), -addend->getSExtValue(), true), "",
        addition);
    subtraction->takeName(addition);
    subtraction->setDebugLoc(addition->getDebugLoc());
    addition->replaceAllUsesWith(subtraction);
    addition->eraseFromParent();
  }
}

}  // namespace atropos::frontend
