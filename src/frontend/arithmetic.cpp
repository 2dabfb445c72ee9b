#include "frontend/arithmetic.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfo.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "frontend/environment.h"

namespace atropos::frontend {

namespace {

// The lines of the source files debug locations name, read once each (empty when a file cannot be read).
class SourceText {
 public:
  // Whether the text at `location` (line and column from 1) begins with `text`.
  bool startsWith(const llvm::DILocation& location, const std::string& text) {
    const std::vector<std::string>& lines = linesOf(location);
    unsigned line = location.getLine(), column = location.getColumn();
    if (line == 0 || column == 0 || line > lines.size()) return false;
    return lines[line - 1].compare(column - 1, text.size(), text) == 0;
  }

 private:
  const std::vector<std::string>& linesOf(const llvm::DILocation& location) {
    std::string path = location.getFilename().str();
    if (!path.empty() && path.front() != '/' && !location.getDirectory().empty())
      path = location.getDirectory().str() + "/" + path;
    auto [it, inserted] = files_.try_emplace(path);
    if (inserted) {
      std::ifstream in(path);
      for (std::string line; std::getline(in, line);) it->second.push_back(line);
    }
    return it->second;
  }

  std::map<std::string, std::vector<std::string>> files_;
};

}  // namespace

bool mayHoldUnsignedIntegers(const llvm::Module& module) {
  llvm::DebugInfoFinder types;
  types.processModule(module);
  for (const llvm::DIType* type : types.types())
    if (auto* basic = llvm::dyn_cast<llvm::DIBasicType>(type))
      if (basic->getEncoding() == llvm::dwarf::DW_ATE_unsigned || basic->getEncoding() == llvm::dwarf::DW_ATE_unsigned_char)
        return true;
  for (const llvm::Function& f : module)
    for (const llvm::BasicBlock& b : f)
      for (const llvm::Instruction& i : b) {
        if (isUnsignedArithmetic(i)) return true;
        switch (i.getOpcode()) {
          case llvm::Instruction::UDiv:
          case llvm::Instruction::URem:
          case llvm::Instruction::LShr:
          case llvm::Instruction::UIToFP:
            return true;
          case llvm::Instruction::ZExt:
            if (i.getOperand(0)->getType()->getIntegerBitWidth() > 1) return true;
            break;
          case llvm::Instruction::ICmp:
            if (llvm::cast<llvm::ICmpInst>(i).isUnsigned() && i.getOperand(0)->getType()->isIntegerTy()) return true;
            break;
          case llvm::Instruction::Call:
            if (auto* callee = llvm::cast<llvm::CallInst>(i).getCalledFunction();
                callee && classifyFunction(callee->getName()) == EnvFunction::Nondet && callee->getReturnType()->isIntegerTy())
              if (auto type = nondetType(*callee, DataModel::LP64);
                  type && type->kind == NondetKind::Integer && (!type->isSigned || nondetSignednessGuessed(*callee)))
                return true;
            break;
          default:
            break;
        }
      }
  return false;
}

void writeDecrementsAsSubtractions(llvm::Module& module) {
  SourceText source;
  std::vector<llvm::BinaryOperator*> decrements;
  for (llvm::Function& f : module)
    for (llvm::BasicBlock& b : f)
      for (llvm::Instruction& i : b)
        if (i.getOpcode() == llvm::Instruction::Add && (isUnsignedArithmetic(i) || i.hasNoSignedWrap()))
          if (auto* addend = llvm::dyn_cast<llvm::ConstantInt>(i.getOperand(1));
              addend && addend->isMinusOne() && i.getDebugLoc() && source.startsWith(*i.getDebugLoc(), "--"))
            decrements.push_back(llvm::cast<llvm::BinaryOperator>(&i));
  for (llvm::BinaryOperator* addition : decrements) {
    auto* subtraction = llvm::BinaryOperator::CreateSub(addition->getOperand(0),
                                                        llvm::ConstantInt::get(addition->getType(), 1), "", addition);
    subtraction->setHasNoSignedWrap(addition->hasNoSignedWrap());
    subtraction->takeName(addition);
    subtraction->setDebugLoc(addition->getDebugLoc());
    addition->replaceAllUsesWith(subtraction);
    addition->eraseFromParent();
  }
}

void writeCaseRangesAsComparisons(llvm::Module& module) {
  struct RangeTest {
    llvm::BinaryOperator* difference;  // condition - low
    llvm::ICmpInst* test;              // difference <=u span
  };
  std::vector<RangeTest> tests;
  for (llvm::Function& f : module) {
    std::set<const llvm::Value*> conditions;
    for (llvm::BasicBlock& b : f)
      if (auto* sw = llvm::dyn_cast<llvm::SwitchInst>(b.getTerminator())) conditions.insert(sw->getCondition());
    for (llvm::BasicBlock& b : f)
      for (llvm::Instruction& i : b) {
        auto* sub = llvm::dyn_cast<llvm::BinaryOperator>(&i);
        if (!sub || sub->getOpcode() != llvm::Instruction::Sub || sub->hasNoSignedWrap() ||
            !conditions.count(sub->getOperand(0)) || !llvm::isa<llvm::ConstantInt>(sub->getOperand(1)) ||
            !sub->hasOneUse())
          continue;
        auto* test = llvm::dyn_cast<llvm::ICmpInst>(*sub->user_begin());
        if (test && test->getPredicate() == llvm::CmpInst::ICMP_ULE && test->getOperand(0) == sub &&
            llvm::isa<llvm::ConstantInt>(test->getOperand(1)))
          tests.push_back({sub, test});
      }
  }
  for (const RangeTest& t : tests) {
    const llvm::APInt& low = llvm::cast<llvm::ConstantInt>(t.difference->getOperand(1))->getValue();
    const llvm::APInt& span = llvm::cast<llvm::ConstantInt>(t.test->getOperand(1))->getValue();
    const llvm::APInt high = low + span;
    bool overflow = false;
    (void)low.sadd_ov(span, overflow);
    const bool asSigned = !span.isNegative() && !overflow;
    if (!asSigned) {
      (void)low.uadd_ov(span, overflow);
      if (overflow) continue;  // wraps around both ways: left as clang wrote it
    }
    llvm::IRBuilder<> builder(t.test);
    llvm::Value* condition = t.difference->getOperand(0);
    llvm::Type* type = condition->getType();
    llvm::Value* above = builder.CreateICmp(asSigned ? llvm::CmpInst::ICMP_SGE : llvm::CmpInst::ICMP_UGE, condition,
                                            llvm::ConstantInt::get(type, low));
    llvm::Value* below = builder.CreateICmp(asSigned ? llvm::CmpInst::ICMP_SLE : llvm::CmpInst::ICMP_ULE, condition,
                                            llvm::ConstantInt::get(type, high));
    llvm::Value* inRange = builder.CreateAnd(above, below);
    for (llvm::Value* made : {above, below, inRange})
      llvm::cast<llvm::Instruction>(made)->setDebugLoc(t.test->getDebugLoc());
    t.test->replaceAllUsesWith(inRange);
    t.test->eraseFromParent();
    t.difference->eraseFromParent();
  }
}

}  // namespace atropos::frontend
