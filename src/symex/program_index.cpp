#include "program_index.h"

#include <llvm/IR/CFG.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>

#include <algorithm>
#include <optional>
#include <set>

#include "frontend/debug_info.h"
#include "frontend/environment.h"
#include "smt/integers.h"

namespace atropos::symex {

namespace {

bool isSignedPredicate(llvm::CmpInst::Predicate p) { return llvm::ICmpInst::isSigned(p); }

}  // namespace

ProgramIndex::ProgramIndex(const llvm::Module& module, IntegerModel integers)
    : layout_(&module), pointerBits_(layout_.getPointerSizeInBits()), integers_(integers) {
  for (const llvm::Function& f : module)
    if (!f.isDeclaration()) indexFunction(f);
  if (signedUnbounded()) markUnbounded(module);
  // A function's result is read one way on both sides of the call: a summary of a recursive function (its merged
  // return states) keeps only bounds in its own reading, and a caller reading -1 as 2^32 - 1 would learn nothing.
  for (const llvm::Function& f : module) {
    if (f.isDeclaration() || !f.getReturnType()->isIntegerTy()) continue;
    std::vector<const llvm::Value*> sides;
    for (const llvm::BasicBlock& b : f)
      if (auto* ret = llvm::dyn_cast<llvm::ReturnInst>(b.getTerminator()); ret && ret->getReturnValue())
        sides.push_back(ret->getReturnValue());
    for (const llvm::User* user : f.users())
      if (auto* call = llvm::dyn_cast<llvm::CallInst>(user); call && call->getCalledFunction() == &f)
        sides.push_back(call);
    if (std::any_of(sides.begin(), sides.end(), [&](const llvm::Value* v) { return signedValues_.count(v); }))
      for (const llvm::Value* v : sides) markSigned(v);
  }
}

unsigned ProgramIndex::bits(const llvm::Type* type) const {
  if (type->isIntegerTy()) return type->getIntegerBitWidth();
  if (type->isPointerTy()) return pointerBits_;
  if (type->isFloatingPointTy()) return type->getPrimitiveSizeInBits().getFixedSize();
  return 0;
}

void ProgramIndex::markSigned(const llvm::Value* value) {
  if (value->getType()->isIntegerTy() && value->getType()->getIntegerBitWidth() > 1 && ids_.count(value))
    signedValues_[value] = View::Signed;
}

View ProgramIndex::view(const llvm::Value* value) const {
  return signedValues_.count(value) ? View::Signed : View::Unsigned;
}

void ProgramIndex::indexFunction(const llvm::Function& function) {
  auto& values = values_[&function];
  for (const llvm::Argument& a : function.args()) {
    ids_[&a] = static_cast<unsigned>(values.size());
    values.push_back(&a);
  }
  for (const llvm::BasicBlock& b : function)
    for (const llvm::Instruction& i : b) {
      ids_[&i] = static_cast<unsigned>(values.size());
      values.push_back(&i);
    }

  for (const llvm::BasicBlock& b : function)
    for (const llvm::Instruction& i : b) {
      if (auto* op = llvm::dyn_cast<llvm::OverflowingBinaryOperator>(&i); op && op->hasNoSignedWrap()) {
        markSigned(&i);
        for (const llvm::Value* v : i.operands()) markSigned(v);
      }
      switch (i.getOpcode()) {
        case llvm::Instruction::SDiv:
        case llvm::Instruction::SRem:
          markSigned(&i);
          for (const llvm::Value* v : i.operands()) markSigned(v);
          break;
        case llvm::Instruction::AShr:
          markSigned(&i);
          markSigned(i.getOperand(0));
          break;
        case llvm::Instruction::SExt:
          markSigned(&i);
          markSigned(i.getOperand(0));
          break;
        case llvm::Instruction::ICmp:
          if (isSignedPredicate(llvm::cast<llvm::ICmpInst>(i).getPredicate())) {
            for (const llvm::Value* v : i.operands()) markSigned(v);
          } else if (llvm::cast<llvm::ICmpInst>(i).isEquality()) {
            // x == -1: a value tested against a small negative constant is best read signed, so that the bounds
            // and equalities the merges keep stay small numbers (-1, not 2^32 - 1).
            for (unsigned k = 0; k < 2; ++k)
              if (auto* constant = llvm::dyn_cast<llvm::ConstantInt>(i.getOperand(k));
                  constant && constant->getBitWidth() > 8 && constant->getBitWidth() <= 64 &&
                  constant->getSExtValue() < 0 && constant->getSExtValue() > -(int64_t{1} << 15))
                markSigned(i.getOperand(1 - k));
          }
          break;
        case llvm::Instruction::GetElementPtr:
          for (unsigned k = 1; k < i.getNumOperands(); ++k) markSigned(i.getOperand(k));
          break;
        case llvm::Instruction::Call: {
          auto* callee = llvm::dyn_cast<llvm::Function>(llvm::cast<llvm::CallInst>(i).getCalledOperand()->stripPointerCasts());
          if (!callee) break;
          auto kind = frontend::classifyFunction(callee->getName());
          if (kind == frontend::EnvFunction::Nondet) {
            auto type = frontend::nondetType(*callee, pointerBits_ == 32 ? frontend::DataModel::ILP32
                                                                                    : frontend::DataModel::LP64);
            if (type && type->isSigned) markSigned(&i);
          } else if (kind == frontend::EnvFunction::Abs || kind == frontend::EnvFunction::Labs ||
                     kind == frontend::EnvFunction::LLabs) {
            markSigned(&i);
            for (const llvm::Value* v : llvm::cast<llvm::CallInst>(i).args()) markSigned(v);
          }
          break;
        }
        default:
          break;
      }
    }
  // Values that flow into each other through phi and select keep one reading, which saves conversions.
  for (bool changed = true; changed;) {
    changed = false;
    for (const llvm::BasicBlock& b : function)
      for (const llvm::Instruction& i : b) {
        if (!llvm::isa<llvm::PHINode>(i) && !llvm::isa<llvm::SelectInst>(i)) continue;
        if (signedValues_.count(&i)) continue;
        for (unsigned k = llvm::isa<llvm::SelectInst>(i) ? 1 : 0; k < i.getNumOperands(); ++k)
          if (signedValues_.count(i.getOperand(k))) {
            markSigned(&i);
            changed = signedValues_.count(&i) != 0;
            break;
          }
      }
  }

  // Constants integers are compared with, in the reading the comparison uses: the thresholds a merge tries as bounds.
  std::set<int64_t> thresholds;
  for (const llvm::BasicBlock& b : function)
    for (const llvm::Instruction& i : b) {
      auto* cmp = llvm::dyn_cast<llvm::ICmpInst>(&i);
      if (!cmp || !cmp->getOperand(0)->getType()->isIntegerTy()) continue;
      for (unsigned k = 0; k < 2; ++k) {
        auto* constant = llvm::dyn_cast<llvm::ConstantInt>(cmp->getOperand(k));
        if (!constant || constant->getBitWidth() > 64) continue;
        bool asSigned = cmp->isSigned() || view(cmp->getOperand(1 - k)) == View::Signed;
        thresholds.insert(asSigned ? constant->getSExtValue() : static_cast<int64_t>(constant->getZExtValue()));
      }
    }
  comparedConstants_[&function].assign(thresholds.begin(), thresholds.end());

  // Loop heads: targets of retreating edges of a depth-first search.
  std::set<const llvm::BasicBlock*> onStack, visited;
  std::vector<std::pair<const llvm::BasicBlock*, llvm::const_succ_iterator>> stack;
  const llvm::BasicBlock* entry = &function.getEntryBlock();
  stack.emplace_back(entry, llvm::succ_begin(entry));
  onStack.insert(entry);
  visited.insert(entry);
  while (!stack.empty()) {
    auto& [block, it] = stack.back();
    if (it == llvm::succ_end(block)) {
      onStack.erase(block);
      stack.pop_back();
      continue;
    }
    const llvm::BasicBlock* succ = *it;
    ++it;
    if (onStack.count(succ)) {
      mergePoints_.insert(succ->getFirstNonPHI());
    } else if (!visited.count(succ)) {
      visited.insert(succ);
      onStack.insert(succ);
      stack.emplace_back(succ, llvm::succ_begin(succ));
    }
  }

  for (const llvm::BasicBlock& b : function)
    for (const llvm::Instruction& i : b)
      if (auto* dbg = llvm::dyn_cast<llvm::DbgVariableIntrinsic>(&i)) {
        const llvm::Value* v = dbg->getVariableLocationOp(0);
        if (v && dbg->getVariable() && !sourceNames_.count(v)) {
          sourceNames_[v] = dbg->getVariable()->getName().str();
          sourceTypes_[v] = frontend::strippedType(dbg->getVariable()->getType());
        }
      }
  computeLiveness(function);
  computeVariableValues(function);
}

void ProgramIndex::computeLiveness(const llvm::Function& function) {
  auto tracked = [&](const llvm::Value* v) {
    return (llvm::isa<llvm::Argument>(v) || llvm::isa<llvm::Instruction>(v)) && !v->getType()->isVoidTy() &&
           ids_.count(v);
  };
  std::unordered_map<const llvm::BasicBlock*, std::set<unsigned>> liveIn, liveOut;
  auto outOf = [&](const llvm::BasicBlock* b) {
    std::set<unsigned> out;
    for (const llvm::BasicBlock* s : llvm::successors(b)) {
      const auto& in = liveIn[s];
      out.insert(in.begin(), in.end());
      for (const llvm::PHINode& phi : s->phis()) {
        const llvm::Value* v = phi.getIncomingValueForBlock(b);
        if (v && tracked(v)) out.insert(ids_.at(v));
      }
    }
    return out;
  };
  auto inOf = [&](const llvm::BasicBlock* b, std::set<unsigned> live) {
    for (auto it = b->rbegin(); it != b->rend(); ++it) {
      const llvm::Instruction& i = *it;
      live.erase(ids_.at(&i));
      if (llvm::isa<llvm::PHINode>(i)) continue;
      for (const llvm::Value* v : i.operands())
        if (tracked(v)) live.insert(ids_.at(v));
    }
    return live;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (auto it = function.getBasicBlockList().rbegin(); it != function.getBasicBlockList().rend(); ++it) {
      const llvm::BasicBlock* b = &*it;
      std::set<unsigned> out = outOf(b);
      std::set<unsigned> in = inOf(b, out);
      if (in != liveIn[b] || out != liveOut[b]) {
        liveIn[b] = std::move(in);
        liveOut[b] = std::move(out);
        changed = true;
      }
    }
  }
  for (const llvm::BasicBlock& b : function) {
    std::set<unsigned> live = liveOut[&b];
    for (auto it = b.rbegin(); it != b.rend(); ++it) {
      const llvm::Instruction& i = *it;
      if (llvm::isa<llvm::PHINode>(i)) break;
      live.erase(ids_.at(&i));
      for (const llvm::Value* v : i.operands())
        if (tracked(v)) live.insert(ids_.at(v));
      liveBefore_[&i] = std::vector<unsigned>(live.begin(), live.end());
    }
  }
}

void ProgramIndex::applyRecord(const llvm::DbgValueInst& record, VariableValues& values) const {
  const llvm::Value* v = record.getVariableLocationOp(0);
  const bool tracked = v && (llvm::isa<llvm::Argument>(v) || llvm::isa<llvm::Instruction>(v)) && ids_.count(v);
  const llvm::DILocation* at = record.getDebugLoc().get();
  // The same variable inlined at two places is two variables.
  values[{record.getVariable(), at ? at->getInlinedAt() : nullptr}] = tracked ? ids_.at(v) : kConflicting;
}

void ProgramIndex::computeVariableValues(const llvm::Function& function) {
  // A must-analysis forward over the blocks: a variable holds a value at a block's entry when every path there
  // recorded it last; blocks no path has reached yet do not take part, so loops converge to the largest solution.
  auto transfer = [&](const llvm::BasicBlock& block, VariableValues values) {
    for (const llvm::Instruction& i : block)
      if (auto* record = llvm::dyn_cast<llvm::DbgValueInst>(&i)) applyRecord(*record, values);
    return values;
  };
  std::unordered_map<const llvm::BasicBlock*, VariableValues> atExit;
  variablesAtEntry_[&function.getEntryBlock()] = {};
  for (bool changed = true; changed;) {
    changed = false;
    for (const llvm::BasicBlock& block : function) {
      std::optional<VariableValues> entry;
      if (&block == &function.getEntryBlock()) entry = VariableValues{};
      for (const llvm::BasicBlock* pred : llvm::predecessors(&block)) {
        auto out = atExit.find(pred);
        if (out == atExit.end()) continue;
        if (!entry) {
          entry = out->second;
          continue;
        }
        for (auto& [variable, id] : *entry) {
          auto other = out->second.find(variable);
          if (other == out->second.end() || other->second != id) id = kConflicting;
        }
      }
      if (!entry) continue;
      VariableValues exit = transfer(block, *entry);
      auto known = atExit.find(&block);
      if (known != atExit.end() && known->second == exit && variablesAtEntry_[&block] == *entry) continue;
      variablesAtEntry_[&block] = std::move(*entry);
      atExit[&block] = std::move(exit);
      changed = true;
    }
  }
}

std::vector<unsigned> ProgramIndex::variableValuesBefore(const llvm::Instruction* instruction) const {
  auto entry = variablesAtEntry_.find(instruction->getParent());
  if (entry == variablesAtEntry_.end()) return {};
  VariableValues values = entry->second;
  for (const llvm::Instruction& i : *instruction->getParent()) {
    if (&i == instruction) break;
    if (auto* record = llvm::dyn_cast<llvm::DbgValueInst>(&i)) applyRecord(*record, values);
  }
  std::set<unsigned> ids;
  for (const auto& [variable, id] : values)
    if (id != kConflicting) ids.insert(id);
  return {ids.begin(), ids.end()};
}

const std::vector<unsigned>& ProgramIndex::liveBefore(const llvm::Instruction* instruction) const {
  return liveBefore_.at(instruction);
}

const std::vector<int64_t>& ProgramIndex::comparedConstants(const llvm::Function* function) const {
  return comparedConstants_.at(function);
}

std::string ProgramIndex::sourceName(const llvm::Value* value) const {
  auto it = sourceNames_.find(value);
  return it == sourceNames_.end() ? std::string() : it->second;
}

const llvm::DIType* ProgramIndex::sourceType(const llvm::Value* value) const {
  auto it = sourceTypes_.find(value);
  return it == sourceTypes_.end() ? nullptr : it->second;
}

const llvm::DICompositeType* pointedStruct(const llvm::DIType* type) {
  auto* pointer = llvm::dyn_cast_or_null<llvm::DIDerivedType>(type);
  if (!pointer || pointer->getTag() != llvm::dwarf::DW_TAG_pointer_type) return nullptr;
  auto* pointee = llvm::dyn_cast_or_null<llvm::DICompositeType>(frontend::strippedType(pointer->getBaseType()));
  return pointee && pointee->getTag() == llvm::dwarf::DW_TAG_structure_type ? pointee : nullptr;
}

std::optional<MemberPath> memberPathAt(const llvm::DICompositeType* record, uint64_t offset) {
  for (const llvm::DINode* element : record->getElements()) {
    auto* member = llvm::dyn_cast<llvm::DIDerivedType>(element);
    if (!member || member->getTag() != llvm::dwarf::DW_TAG_member || member->getOffsetInBits() % 8) continue;
    const uint64_t start = member->getOffsetInBits() / 8;
    const llvm::DIType* type = frontend::strippedType(member->getBaseType());
    const uint64_t bytes = type ? type->getSizeInBits() / 8 : 0;
    if (offset < start || offset >= start + std::max<uint64_t>(bytes, 1)) continue;
    MemberPath path{member->getName().str(), type};
    uint64_t inside = offset - start;
    // Into arrays and nested structs, down to the scalar that starts at the offset.
    while (auto* composite = llvm::dyn_cast_or_null<llvm::DICompositeType>(path.type)) {
      if (composite->getTag() == llvm::dwarf::DW_TAG_structure_type) {
        std::optional<MemberPath> nested = memberPathAt(composite, inside);
        if (!nested) return std::nullopt;
        return MemberPath{path.text + "." + nested->text, nested->type};
      }
      const llvm::DIType* elementType = frontend::strippedType(composite->getBaseType());
      const uint64_t elementBytes = elementType ? elementType->getSizeInBits() / 8 : 0;
      if (composite->getTag() != llvm::dwarf::DW_TAG_array_type || elementBytes == 0) return std::nullopt;
      path.text += "[" + std::to_string(inside / elementBytes) + "]";
      path.type = elementType;
      inside %= elementBytes;
    }
    if (inside != 0) return std::nullopt;
    return path;
  }
  return std::nullopt;
}

std::optional<ProgramIndex::Named> ProgramIndex::namedValue(const llvm::Value* value, int depth) const {
  if (auto it = sourceNames_.find(value); it != sourceNames_.end()) return Named{it->second, sourceTypes_.at(value)};
  auto* load = llvm::dyn_cast<llvm::LoadInst>(value);
  if (!load || depth > 3) return std::nullopt;
  return namedMember(load->getPointerOperand(), depth + 1);
}

std::optional<ProgramIndex::Named> ProgramIndex::namedMember(const llvm::Value* address, int depth) const {
  std::optional<NamedBase> at = namedBase(address, depth);
  const llvm::DICompositeType* record = at ? pointedStruct(at->base.type) : nullptr;
  std::optional<MemberPath> member = record ? memberPathAt(record, at->offset) : std::nullopt;
  if (!member) return std::nullopt;
  return Named{at->base.text + "->" + member->text, member->type};
}

std::optional<ProgramIndex::NamedBase> ProgramIndex::namedBase(const llvm::Value* address, int depth) const {
  const llvm::Value* stripped = address->stripPointerCasts();
  llvm::APInt offset(layout_.getIndexTypeSizeInBits(stripped->getType()), 0);
  std::optional<Named> base = namedValue(stripped->stripAndAccumulateConstantOffsets(layout_, offset, true), depth);
  if (!base) return std::nullopt;
  return NamedBase{std::move(*base), offset.getZExtValue()};
}

std::string ProgramIndex::accessedThrough(const llvm::Value* pointer) const {
  if (std::optional<Named> member = namedMember(pointer, 0)) return member->text;
  std::optional<NamedBase> at = namedBase(pointer, 0);
  return at && at->offset == 0 && !pointedStruct(at->base.type) ? "*" + at->base.text : "";
}

std::string ProgramIndex::name(const llvm::Value* value) const {
  std::string source = sourceName(value);
  if (!source.empty()) return source;
  std::string name = "%";
  if (value->hasName()) return name.append(value->getName().str());
  auto it = ids_.find(value);
  return it == ids_.end() ? std::string("?") : name.append("t").append(std::to_string(it->second));
}

smt::Term ProgramIndex::rangeOf(const llvm::Value* value, const smt::Term& term, unsigned bits, View view) const {
  if (typesUnbounded() && !value->getType()->isPointerTy() && bits > 1) return term.ctx().bool_val(true);
  if (mayBeUnbounded(value)) return term.ctx().bool_val(true);
  return view == View::Signed ? smt::inSignedRange(term, bits) : smt::inUnsignedRange(term, bits);
}

smt::Term ProgramIndex::storedRangeOf(const smt::Term& term, unsigned bits, View view) const {
  if (typesUnbounded()) return term.ctx().bool_val(true);
  if (view == View::Unsigned) return smt::inUnsignedRange(term, bits);
  return signedUnbounded() ? term.ctx().bool_val(true) : smt::inSignedRange(term, bits);
}

void ProgramIndex::markUnbounded(const llvm::Module& module) {
  std::set<unsigned> storedWidths;  // of unbounded values stored to memory
  std::set<const llvm::Function*> unboundedResults;
  auto integer = [](const llvm::Value* v) {
    return v->getType()->isIntegerTy() && v->getType()->getIntegerBitWidth() > 1;
  };
  auto mark = [&](const llvm::Value* v) { return integer(v) && ids_.count(v) && unbounded_.insert(v).second; };
  auto markConverted = [&](const llvm::Value* v) { return mayBeUnbounded(v) && convertedToUnsigned_.insert(v).second; };
  auto any = [&](auto range) {
    return std::any_of(range.begin(), range.end(), [&](const llvm::Value* v) { return mayBeUnbounded(v); });
  };
  auto anyConverted = [&](auto range) {
    return std::any_of(range.begin(), range.end(), [&](const llvm::Value* v) { return convertedToUnsigned_.count(v); });
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (const llvm::Function& f : module) {
      if (f.isDeclaration()) continue;
      for (const llvm::BasicBlock& b : f)
        for (const llvm::Instruction& i : b) {
          bool source = false;     // the instruction's result may be unbounded
          bool converted = false;  // ... and may have been converted to an unsigned type that the IR leaves out
          auto* overflowing = llvm::dyn_cast<llvm::OverflowingBinaryOperator>(&i);
          if (overflowing && overflowing->hasNoSignedWrap()) source = true;
          switch (i.getOpcode()) {
            case llvm::Instruction::SDiv:
            case llvm::Instruction::SRem:
              source = true;
              break;
            case llvm::Instruction::AShr:  // the quotient of an unbounded dividend
              source = mayBeUnbounded(i.getOperand(0));
              break;
            case llvm::Instruction::PHI:
            case llvm::Instruction::SExt:
            case llvm::Instruction::Freeze:
            case llvm::Instruction::BitCast:
              source = any(i.operands());
              converted = i.getOpcode() != llvm::Instruction::SExt && anyConverted(i.operands());
              break;
            case llvm::Instruction::Select:
              source = mayBeUnbounded(i.getOperand(1)) || mayBeUnbounded(i.getOperand(2));
              converted = convertedToUnsigned_.count(i.getOperand(1)) || convertedToUnsigned_.count(i.getOperand(2));
              break;
            case llvm::Instruction::Load:
              // It may read what an unbounded value left, through an object of either signedness.
              source = converted = storedWidths.count(bits(i.getType())) != 0;
              break;
            case llvm::Instruction::Store: {
              const llvm::Value* stored = llvm::cast<llvm::StoreInst>(i).getValueOperand();
              if (mayBeUnbounded(stored)) changed = storedWidths.insert(bits(stored->getType())).second || changed;
              break;
            }
            case llvm::Instruction::Ret:
              if (auto* value = llvm::cast<llvm::ReturnInst>(i).getReturnValue(); value && mayBeUnbounded(value))
                changed = unboundedResults.insert(&f).second || changed;
              break;
            case llvm::Instruction::Call: {
              auto& call = llvm::cast<llvm::CallInst>(i);
              auto* callee = llvm::dyn_cast<llvm::Function>(call.getCalledOperand()->stripPointerCasts());
              if (!callee) break;
              if (auto* variable = llvm::dyn_cast<llvm::DbgValueInst>(&call)) {
                // A C variable of an unsigned type bound to the value: the program converted it.
                if (frontend::isUnsignedDebugType(variable->getVariable()->getType()))
                  for (const llvm::Value* bound : variable->location_ops()) changed = markConverted(bound) || changed;
                break;
              }
              auto kind = frontend::classifyFunction(callee->getName());
              if (kind == frontend::EnvFunction::Abs || kind == frontend::EnvFunction::Labs ||
                  kind == frontend::EnvFunction::LLabs)
                source = true;
              if (unboundedResults.count(callee)) {
                source = true;
                converted = frontend::returnsUnsigned(*callee);
              }
              if (!callee->isDeclaration())
                for (unsigned k = 0; k < callee->arg_size() && k < call.arg_size(); ++k)
                  if (mayBeUnbounded(call.getArgOperand(k))) {
                    changed = mark(callee->getArg(k)) || changed;
                    if (convertedToUnsigned_.count(call.getArgOperand(k)))
                      changed = markConverted(callee->getArg(k)) || changed;
                  }
              break;
            }
            default:
              break;
          }
          if (source) changed = mark(&i) || changed;
          if (converted) changed = markConverted(&i) || changed;
        }
    }
  }
  for (const llvm::Value* v : unbounded_) markSigned(v);
}

smt::Term ProgramIndex::inView(const smt::Term& value, unsigned bits, View from, View to) const {
  if (from == to || typesUnbounded()) return value;
  z3::context& c = value.ctx();
  smt::Term modulus = smt::powerOfTwo(c, bits);
  if (to == View::Signed) return z3::ite(value > smt::signedMax(c, bits), value - modulus, value).simplify();
  if (signedUnbounded()) return z3::mod(value, modulus).simplify();
  return z3::ite(value < 0, value + modulus, value).simplify();
}

}  // namespace atropos::symex
