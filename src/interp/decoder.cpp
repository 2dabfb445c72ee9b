// Decodes an LLVM module once into the flat form of code.h: registers by index, constants and global addresses
// evaluated in advance, phi nodes turned into moves on the edges, GEPs into offset arithmetic.
#include <llvm/ADT/DenseMap.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GetElementPtrTypeIterator.h>
#include <llvm/IR/InstIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>

#include <algorithm>
#include <map>
#include <unordered_map>
#include <unordered_set>

#include "frontend/arithmetic.h"
#include "bits.h"
#include "code.h"

namespace atropos::interp {

namespace {

// A scalar that lives in one register, and its place inside an aggregate in memory.
struct Leaf {
  llvm::Type* type;
  uint64_t offset;
};

class Unsupported {
 public:
  explicit Unsupported(std::string why) : why(std::move(why)) {}
  std::string why;
};

class ModuleDecoder {
 public:
  ModuleDecoder(const frontend::Program& program, Interpreter::Code& code)
      : module_(*program.module), layout_(module_.getDataLayout()), code_(code) {
    code_.module = &module_;
    code_.dataModel = program.dataModel;
    code_.pointerBytes = layout_.getPointerSize();
    code_.unsignedIntegers = frontend::mayHoldUnsignedIntegers(module_);
  }

  void decode() {
    createStaticObjects();
    for (auto& f : code_.functions)
      if (f.hasBody) decodeFunction(f);
  }

  // --- types -------------------------------------------------------------------------------------------------

  bool isScalar(llvm::Type* t) const {
    return (t->isIntegerTy() && t->getIntegerBitWidth() <= 64) || t->isPointerTy() || t->isFloatTy() ||
           t->isDoubleTy();
  }

  void collectLeaves(llvm::Type* t, uint64_t offset, std::vector<Leaf>& out) const {
    if (isScalar(t)) {
      out.push_back({t, offset});
    } else if (auto* st = llvm::dyn_cast<llvm::StructType>(t)) {
      const llvm::StructLayout* sl = layout_.getStructLayout(st);
      for (unsigned i = 0; i < st->getNumElements(); ++i)
        collectLeaves(st->getElementType(i), offset + sl->getElementOffset(i), out);
    } else if (auto* at = llvm::dyn_cast<llvm::ArrayType>(t)) {
      if (at->getNumElements() > 4096) throw Unsupported("an array value of more than 4096 elements in a register");
      uint64_t stride = layout_.getTypeAllocSize(at->getElementType());
      for (uint64_t i = 0; i < at->getNumElements(); ++i) collectLeaves(at->getElementType(), offset + i * stride, out);
    } else {
      throw Unsupported("values of type " + typeName(t));
    }
  }

  std::vector<Leaf> leavesOf(llvm::Type* t) const {
    std::vector<Leaf> leaves;
    collectLeaves(t, 0, leaves);
    return leaves;
  }

  unsigned widthInBits(llvm::Type* t) const {
    if (t->isPointerTy()) return code_.pointerBytes * 8;
    if (t->isFloatTy()) return 32;
    if (t->isDoubleTy()) return 64;
    return t->getIntegerBitWidth();
  }

  static std::string typeName(llvm::Type* t) {
    std::string s;
    llvm::raw_string_ostream os(s);
    t->print(os);
    return os.str();
  }

  // --- static objects ----------------------------------------------------------------------------------------

  void createStaticObjects() {
    for (const llvm::Function& f : module_) {
      Function fn;
      fn.source = &f;
      fn.name = f.getName().str();
      fn.env = frontend::classifyFunction(fn.name);
      fn.nondet = frontend::nondetType(f, code_.dataModel);
      if (fn.env == frontend::EnvFunction::ReachError) fn.reachErrorEnds = frontend::reachErrorEnds(f);
      fn.hasBody = !f.isDeclaration();
      functionIndex_[&f] = static_cast<uint32_t>(code_.functions.size());
      if (fn.name == "main" && fn.hasBody) code_.mainFunction = static_cast<uint32_t>(code_.functions.size());
      StaticObject obj{ObjectKind::Function, 1, 16, fn.name, {}, {}, static_cast<uint32_t>(code_.functions.size())};
      code_.staticObjects.push_back(std::move(obj));
      fn.functionAllocation = static_cast<uint32_t>(code_.staticObjects.size());
      code_.functions.push_back(std::move(fn));
    }
    for (const llvm::GlobalVariable& g : module_.globals()) {
      llvm::Type* t = g.getValueType();
      StaticObject obj;
      obj.kind = g.isConstant() ? ObjectKind::Constant : ObjectKind::Global;
      obj.size = t->isSized() ? layout_.getTypeAllocSize(t) : 0;
      obj.align = std::max<uint64_t>(g.getAlign() ? g.getAlign()->value() : 1, layout_.getPrefTypeAlignment(t));
      obj.name = g.getName().str();
      obj.global = &g;
      code_.staticObjects.push_back(std::move(obj));
      globalId_[&g] = static_cast<uint32_t>(code_.staticObjects.size());
    }
    uint64_t next = kFirstAddress;
    for (const StaticObject& obj : code_.staticObjects) {
      uint64_t base = alignUp(next, std::max<uint64_t>(obj.align, 16));
      code_.staticBases.push_back(base);
      next = base + obj.size + kObjectGap;
    }
    for (const llvm::GlobalVariable& g : module_.globals()) {
      StaticObject& obj = code_.staticObjects[globalId_[&g] - 1];
      obj.bytes.assign(obj.size, 0);
      if (!g.hasInitializer()) {
        obj.contentsUnknown = true;
        continue;
      }
      try {
        writeConstant(g.getInitializer(), obj, 0);
      } catch (const Unsupported& u) {
        badGlobals_[globalId_[&g]] = "the initializer of global '" + obj.name + "': " + u.why;
      }
    }
  }

  // The value of a scalar constant (integers, floats, pointers, constant expressions over globals).
  Slot evalScalar(const llvm::Constant* c) const {
    if (auto* ci = llvm::dyn_cast<llvm::ConstantInt>(c)) {
      if (ci->getBitWidth() > 64) throw Unsupported("integers wider than 64 bits");
      return {ci->getZExtValue(), 0, 0};
    }
    if (auto* cf = llvm::dyn_cast<llvm::ConstantFP>(c)) {
      if (!cf->getType()->isFloatTy() && !cf->getType()->isDoubleTy())
        throw Unsupported("floating-point type " + typeName(cf->getType()));
      return {cf->getValueAPF().bitcastToAPInt().getZExtValue(), 0, 0};
    }
    if (llvm::isa<llvm::ConstantPointerNull>(c)) return {0, 0, 0};
    if (auto* f = llvm::dyn_cast<llvm::Function>(c)) {
      uint32_t id = code_.functions[functionIndex_.at(f)].functionAllocation;
      return {code_.staticBases[id - 1], id, 0};
    }
    if (auto* g = llvm::dyn_cast<llvm::GlobalVariable>(c)) {
      uint32_t id = globalId_.at(g);
      if (auto bad = badGlobals_.find(id); bad != badGlobals_.end()) throw Unsupported(bad->second);
      return {code_.staticBases[id - 1], id, 0};
    }
    if (llvm::isa<llvm::UndefValue>(c)) throw Unsupported("an undefined (undef or poison) value");
    if (auto* ce = llvm::dyn_cast<llvm::ConstantExpr>(c)) {
      const unsigned resultBits = isScalar(ce->getType()) ? widthInBits(ce->getType()) : 64;
      switch (ce->getOpcode()) {
        case llvm::Instruction::BitCast:
        case llvm::Instruction::AddrSpaceCast:
          return evalScalar(ce->getOperand(0));
        case llvm::Instruction::PtrToInt:
        case llvm::Instruction::IntToPtr:
        case llvm::Instruction::Trunc:
        case llvm::Instruction::ZExt: {
          Slot s = evalScalar(ce->getOperand(0));
          s.bits &= maskOf(resultBits);
          return s;
        }
        case llvm::Instruction::SExt: {
          Slot s = evalScalar(ce->getOperand(0));
          unsigned from = widthInBits(ce->getOperand(0)->getType());
          return {static_cast<uint64_t>(signExtend(s.bits, from)) & maskOf(resultBits), 0, 0};
        }
        case llvm::Instruction::GetElementPtr: {
          auto* gep = llvm::cast<llvm::GEPOperator>(ce);
          llvm::APInt offset(layout_.getIndexTypeSizeInBits(gep->getType()), 0);
          if (!gep->accumulateConstantOffset(layout_, offset)) throw Unsupported("a constant GEP without constant offset");
          Slot base = evalScalar(llvm::cast<llvm::Constant>(gep->getPointerOperand()));
          base.bits = (base.bits + offset.getSExtValue()) & maskOf(resultBits);
          return base;
        }
        case llvm::Instruction::Add:
        case llvm::Instruction::Sub: {
          Slot a = evalScalar(ce->getOperand(0)), b = evalScalar(ce->getOperand(1));
          uint64_t v = ce->getOpcode() == llvm::Instruction::Add ? a.bits + b.bits : a.bits - b.bits;
          return {v & maskOf(resultBits), 0, 0};
        }
        default:
          throw Unsupported(std::string("constant expression ") + ce->getOpcodeName());
      }
    }
    throw Unsupported("a constant of kind " + std::to_string(c->getValueID()));
  }

  void writeConstant(const llvm::Constant* c, StaticObject& obj, uint64_t offset) const {
    llvm::Type* t = c->getType();
    if (llvm::isa<llvm::ConstantAggregateZero>(c) || llvm::isa<llvm::UndefValue>(c)) return;  // already zero
    if (isScalar(t)) {
      Slot s = evalScalar(c);
      uint64_t n = layout_.getTypeStoreSize(t);
      std::memcpy(obj.bytes.data() + offset, &s.bits, n);
      if (s.prov != 0) obj.pointers.emplace_back(offset, s.prov);
      return;
    }
    if (auto* seq = llvm::dyn_cast<llvm::ConstantDataSequential>(c)) {
      llvm::StringRef raw = seq->getRawDataValues();
      std::memcpy(obj.bytes.data() + offset, raw.data(), raw.size());
      return;
    }
    if (auto* st = llvm::dyn_cast<llvm::StructType>(t)) {
      const llvm::StructLayout* sl = layout_.getStructLayout(st);
      for (unsigned i = 0; i < st->getNumElements(); ++i)
        writeConstant(c->getAggregateElement(i), obj, offset + sl->getElementOffset(i));
      return;
    }
    if (auto* at = llvm::dyn_cast<llvm::ArrayType>(t)) {
      uint64_t stride = layout_.getTypeAllocSize(at->getElementType());
      for (uint64_t i = 0; i < at->getNumElements(); ++i)
        writeConstant(c->getAggregateElement(static_cast<unsigned>(i)), obj, offset + i * stride);
      return;
    }
    throw Unsupported("a constant of type " + typeName(t));
  }

  // --- functions ---------------------------------------------------------------------------------------------

  struct Target {
    uint32_t pc;
    int field;  // 0: a, 1: b, 2: c, 3 + k: case k of switch table aux
    const llvm::BasicBlock* from;
    const llvm::BasicBlock* to;
  };

  class FunctionDecoder {
   public:
    FunctionDecoder(ModuleDecoder& m, Function& f) : m_(m), f_(f) {}

    void decode() {
      const llvm::Function& src = *f_.source;
      for (const llvm::Argument& arg : src.args()) {
        if (!m_.isScalar(arg.getType())) {
          emitUnsupported(nullptr, "a parameter of type " + typeName(arg.getType()));
          f_.paramRegs.push_back(allocate(1));
          continue;
        }
        f_.paramRegs.push_back(registerOf(&arg).first);
      }
      f_.entry = pc();
      for (const llvm::BasicBlock& bb : src) {
        blockStart_[&bb] = pc();
        for (const llvm::Instruction& inst : bb) {
          if (llvm::isa<llvm::PHINode>(inst)) continue;
          size_t before = f_.code.size();
          try {
            decodeInstruction(inst);
          } catch (const Unsupported& u) {
            f_.code.resize(before);
            f_.origin.resize(before);
            emitUnsupported(&inst, u.why);
          }
        }
      }
      resolveTargets();
      markLoopHeads();
      markLiveAcrossCalls();
      noteSourceLines();
      f_.numRegs = nextReg_;
      f_.initialRegs.resize(nextReg_, Slot{0, 0, 0});
      for (uint32_t r = 0; r < nextReg_; ++r)
        if (f_.initialRegs[r].bits != 0 || f_.initialRegs[r].prov != 0) f_.nonzeroInitialRegs.push_back(r);
    }

   private:
    uint32_t pc() const { return static_cast<uint32_t>(f_.code.size()); }

    uint32_t allocate(uint32_t slots) {
      uint32_t r = nextReg_;
      nextReg_ += slots;
      if (f_.initialRegs.size() < nextReg_) f_.initialRegs.resize(nextReg_, Slot{0, 0, 0});
      return r;
    }

    uint32_t slotCount(llvm::Type* t) { return static_cast<uint32_t>(m_.leavesOf(t).size()); }

    // The register (and slot count) holding a value; constants are materialized in the initial registers.
    std::pair<uint32_t, uint32_t> registerOf(const llvm::Value* v) {
      if (auto it = regs_.find(v); it != regs_.end()) return it->second;
      if (auto* c = llvm::dyn_cast<llvm::Constant>(v)) {
        std::vector<Leaf> leaves = m_.leavesOf(c->getType());
        uint32_t r = allocate(static_cast<uint32_t>(leaves.size()));
        if (isScalarType(c->getType())) {
          f_.initialRegs[r] = m_.evalScalar(c);
        } else if (!llvm::isa<llvm::ConstantAggregateZero>(c)) {
          StaticObject scratch;
          uint64_t size = m_.layout_.getTypeAllocSize(c->getType());
          scratch.bytes.assign(size, 0);
          m_.writeConstant(c, scratch, 0);
          std::map<uint64_t, uint32_t> provAt(scratch.pointers.begin(), scratch.pointers.end());
          for (size_t i = 0; i < leaves.size(); ++i) {
            uint64_t bits = 0;
            std::memcpy(&bits, scratch.bytes.data() + leaves[i].offset, m_.layout_.getTypeStoreSize(leaves[i].type));
            auto p = provAt.find(leaves[i].offset);
            f_.initialRegs[r + i] = {bits, p == provAt.end() ? 0u : p->second, 0};
          }
        }
        regs_[v] = {r, static_cast<uint32_t>(leaves.size())};
        return regs_[v];
      }
      if (llvm::isa<llvm::BasicBlock>(v) || llvm::isa<llvm::MetadataAsValue>(v) || llvm::isa<llvm::InlineAsm>(v))
        throw Unsupported("an operand that is not a value");
      uint32_t slots = slotCount(v->getType());
      regs_[v] = {allocate(slots), slots};
      return regs_[v];
    }

    bool isScalarType(llvm::Type* t) const { return m_.isScalar(t); }

    uint32_t scalar(const llvm::Value* v) {
      if (!isScalarType(v->getType())) throw Unsupported("a non-scalar operand of type " + typeName(v->getType()));
      // An undef operand would make the result depend on a value the program never chose.
      if (llvm::isa<llvm::UndefValue>(v)) throw Unsupported("an undefined (undef or poison) operand");
      return registerOf(v).first;
    }

    uint32_t result(const llvm::Instruction& inst) { return registerOf(&inst).first; }

    Instr& emit(const llvm::Instruction* origin, Op op, uint8_t w = 0) {
      f_.code.push_back(Instr{op, w, 0, 0, 0, 0, 0, 0, 0, 0});
      f_.origin.push_back(origin);
      return f_.code.back();
    }

    void emitUnsupported(const llvm::Instruction* origin, const std::string& why) {
      Instr& in = emit(origin, Op::Unsupported);
      in.aux = static_cast<uint32_t>(m_.code_.unsupportedReasons.size());
      m_.code_.unsupportedReasons.push_back(why);
    }

    void addTarget(int field, const llvm::BasicBlock* from, const llvm::BasicBlock* to) {
      targets_.push_back({pc() - 1, field, from, to});
    }

    uint8_t widthOf(llvm::Type* t) {
      if (t->isVectorTy()) throw Unsupported("vector operations");
      if (t->isIntegerTy() && t->getIntegerBitWidth() > 64) throw Unsupported("integers wider than 64 bits");
      if (!isScalarType(t)) throw Unsupported("operations on " + typeName(t));
      return static_cast<uint8_t>(m_.widthInBits(t));
    }

    void decodeInstruction(const llvm::Instruction& inst) {
      using I = llvm::Instruction;
      switch (inst.getOpcode()) {
        case I::Add: case I::Sub: case I::Mul: case I::UDiv: case I::SDiv: case I::URem: case I::SRem:
        case I::Shl: case I::LShr: case I::AShr: case I::And: case I::Or: case I::Xor:
          return decodeIntegerBinary(inst);
        case I::FAdd: case I::FSub: case I::FMul: case I::FDiv: case I::FRem:
          return decodeFloatBinary(inst);
        case I::FNeg: return decodeFloatNegation(inst);
        case I::ICmp: return decodeIntegerComparison(inst);
        case I::FCmp: return decodeFloatComparison(inst);
        case I::Select: return decodeSelect(inst);
        case I::Trunc: case I::ZExt: case I::SExt: case I::FPTrunc: case I::FPExt: case I::FPToSI:
        case I::FPToUI: case I::SIToFP: case I::UIToFP: case I::PtrToInt: case I::IntToPtr:
          return decodeConversion(inst);
        case I::BitCast: case I::AddrSpaceCast: case I::Freeze: return decodeMove(inst);
        case I::Alloca: return decodeAlloca(inst);
        case I::Load: return decodeLoad(inst);
        case I::Store: return decodeStore(inst);
        case I::GetElementPtr: return decodeGep(llvm::cast<llvm::GetElementPtrInst>(inst));
        case I::Br: return decodeBranch(inst);
        case I::Switch: return decodeSwitch(inst);
        case I::Ret: return decodeReturn(inst);
        case I::Unreachable:
          emit(&inst, Op::Unreachable);
          return;
        case I::Call: return decodeCall(llvm::cast<llvm::CallInst>(inst));
        case I::ExtractValue: return decodeExtractValue(inst);
        case I::InsertValue: return decodeInsertValue(inst);
        default:
          throw Unsupported(std::string("the instruction '") + inst.getOpcodeName() + "'");
      }
    }

    // FNeg: the one unary floating-point operation.
    void decodeFloatNegation(const llvm::Instruction& inst) {
      uint8_t w = floatWidth(inst.getType());
      Instr& in = emit(&inst, Op::FNeg, w);
      in.a = scalar(inst.getOperand(0));
      in.dst = result(inst);
    }

    // ICmp and FCmp: a comparison of two scalars by its predicate (pointers compare by address).
    void decodeIntegerComparison(const llvm::Instruction& inst) {
      auto& cmp = llvm::cast<llvm::ICmpInst>(inst);
      uint8_t w = widthOf(cmp.getOperand(0)->getType());
      Instr& in = emit(&inst, Op::ICmp, w);
      in.a = scalar(cmp.getOperand(0));
      in.b = scalar(cmp.getOperand(1));
      in.imm = cmp.getPredicate();
      if (cmp.getOperand(0)->getType()->isPointerTy()) in.flags |= kPointer;
      in.dst = result(inst);
    }

    void decodeFloatComparison(const llvm::Instruction& inst) {
      auto& cmp = llvm::cast<llvm::FCmpInst>(inst);
      uint8_t w = floatWidth(cmp.getOperand(0)->getType());
      Instr& in = emit(&inst, Op::FCmp, w);
      in.a = scalar(cmp.getOperand(0));
      in.b = scalar(cmp.getOperand(1));
      in.imm = cmp.getPredicate();
      in.dst = result(inst);
    }

    // Select: a choice between two values of any shape, neither undefined.
    void decodeSelect(const llvm::Instruction& inst) {
      auto& sel = llvm::cast<llvm::SelectInst>(inst);
      if (sel.getCondition()->getType()->isVectorTy()) throw Unsupported("vector select");
      auto [tv, slots] = registerOf(sel.getTrueValue());
      if (llvm::isa<llvm::UndefValue>(sel.getTrueValue()) || llvm::isa<llvm::UndefValue>(sel.getFalseValue()))
        throw Unsupported("an undefined (undef or poison) operand");
      Instr& in = emit(&inst, Op::Select);
      in.a = scalar(sel.getCondition());
      in.b = tv;
      in.c = registerOf(sel.getFalseValue()).first;
      in.imm = slots;
      in.dst = result(inst);
    }

    // BitCast, AddrSpaceCast and Freeze: the value moves as it is; an undefined operand is not supported.
    void decodeMove(const llvm::Instruction& inst) {
      auto [src, slots] = registerOf(inst.getOperand(0));
      if (llvm::isa<llvm::UndefValue>(inst.getOperand(0))) throw Unsupported("an undefined (undef or poison) operand");
      Instr& in = emit(&inst, Op::Move);
      in.a = src;
      in.imm = slots;
      in.dst = result(inst);
    }

    // Alloca: a stack object of the type's size, times a count where the count is dynamic.
    void decodeAlloca(const llvm::Instruction& inst) {
      auto& al = llvm::cast<llvm::AllocaInst>(inst);
      Instr& in = emit(&inst, Op::Alloca);
      in.imm = m_.layout_.getTypeAllocSize(al.getAllocatedType());
      in.b = UINT32_MAX;
      if (!al.isStaticAlloca() || al.isArrayAllocation()) {
        in.b = scalar(al.getArraySize());
        in.w = widthOf(al.getArraySize()->getType());
      }
      in.aux = static_cast<uint32_t>(al.getAlign().value());
      in.dst = result(inst);
    }

    // Load and Store: one access per scalar leaf of the type, at the leaf's offset.
    void decodeLoad(const llvm::Instruction& inst) {
      auto& ld = llvm::cast<llvm::LoadInst>(inst);
      uint32_t ptr = scalar(ld.getPointerOperand());
      uint32_t dst = result(inst);
      std::vector<Leaf> leaves = m_.leavesOf(ld.getType());
      for (size_t i = 0; i < leaves.size(); ++i) {
        Instr& in = emit(&inst, Op::Load, widthOf(leaves[i].type));
        in.a = ptr;
        in.imm = leaves[i].offset;
        in.c = static_cast<uint32_t>(m_.layout_.getTypeStoreSize(leaves[i].type));
        in.flags = kindFlags(leaves[i].type);
        in.dst = dst + static_cast<uint32_t>(i);
      }
    }

    void decodeStore(const llvm::Instruction& inst) {
      auto& st = llvm::cast<llvm::StoreInst>(inst);
      llvm::Type* t = st.getValueOperand()->getType();
      if (llvm::isa<llvm::UndefValue>(st.getValueOperand())) throw Unsupported("a store of an undefined value");
      uint32_t value = registerOf(st.getValueOperand()).first;
      uint32_t ptr = scalar(st.getPointerOperand());
      std::vector<Leaf> leaves = m_.leavesOf(t);
      for (size_t i = 0; i < leaves.size(); ++i) {
        Instr& in = emit(&inst, Op::Store, widthOf(leaves[i].type));
        in.a = value + static_cast<uint32_t>(i);
        in.b = ptr;
        in.imm = leaves[i].offset;
        in.c = static_cast<uint32_t>(m_.layout_.getTypeStoreSize(leaves[i].type));
        in.flags = kindFlags(leaves[i].type);
      }
    }

    // Br, Switch and Ret: the control flow (addTarget records each successor block of a jump).
    void decodeBranch(const llvm::Instruction& inst) {
      auto& br = llvm::cast<llvm::BranchInst>(inst);
      if (br.isUnconditional()) {
        emit(&inst, Op::Jump);
        addTarget(0, br.getParent(), br.getSuccessor(0));
      } else {
        Instr& in = emit(&inst, Op::Branch);
        in.a = scalar(br.getCondition());
        addTarget(1, br.getParent(), br.getSuccessor(0));
        addTarget(2, br.getParent(), br.getSuccessor(1));
      }
    }

    void decodeSwitch(const llvm::Instruction& inst) {
      auto& sw = llvm::cast<llvm::SwitchInst>(inst);
      uint8_t w = widthOf(sw.getCondition()->getType());
      Instr& in = emit(&inst, Op::Switch, w);
      in.a = scalar(sw.getCondition());
      in.aux = static_cast<uint32_t>(f_.switches.size());
      SwitchTable table;
      f_.switches.push_back(table);
      addTarget(3, sw.getParent(), sw.getDefaultDest());
      int k = 0;
      for (const auto& c : sw.cases()) {
        f_.switches.back().cases.emplace_back(c.getCaseValue()->getZExtValue(), 0);
        addTarget(4 + k++, sw.getParent(), c.getCaseSuccessor());
      }
    }

    void decodeReturn(const llvm::Instruction& inst) {
      auto& ret = llvm::cast<llvm::ReturnInst>(inst);
      uint32_t value = 0, slots = 0;
      if (llvm::Value* v = ret.getReturnValue()) {
        if (llvm::isa<llvm::UndefValue>(v) && isScalarType(v->getType()))
          throw Unsupported("a return of an undefined value");
        std::tie(value, slots) = registerOf(v);
      }
      Instr& in = emit(&inst, Op::Ret);
      in.a = value;
      in.imm = slots;
    }

    // ExtractValue and InsertValue: moves between an aggregate's registers and a leaf's.
    void decodeExtractValue(const llvm::Instruction& inst) {
      auto& ev = llvm::cast<llvm::ExtractValueInst>(inst);
      auto [agg, slots] = registerOf(ev.getAggregateOperand());
      (void)slots;
      Instr& in = emit(&inst, Op::Move);
      in.a = agg + leafIndex(ev.getAggregateOperand()->getType(), ev.getIndices());
      in.imm = slotCount(ev.getType());
      in.dst = result(inst);
    }

    void decodeInsertValue(const llvm::Instruction& inst) {
      auto& iv = llvm::cast<llvm::InsertValueInst>(inst);
      uint32_t dst = result(inst);
      if (!llvm::isa<llvm::UndefValue>(iv.getAggregateOperand())) {
        auto [agg, slots] = registerOf(iv.getAggregateOperand());
        Instr& copy = emit(&inst, Op::Move);
        copy.a = agg;
        copy.imm = slots;
        copy.dst = dst;
      }
      if (llvm::isa<llvm::UndefValue>(iv.getInsertedValueOperand()))
        throw Unsupported("an undefined (undef or poison) operand");
      auto [val, valSlots] = registerOf(iv.getInsertedValueOperand());
      Instr& put = emit(&inst, Op::Move);
      put.a = val;
      put.imm = valSlots;
      put.dst = dst + leafIndex(iv.getType(), iv.getIndices());
    }

    uint8_t kindFlags(llvm::Type* t) const {
      if (t->isFloatingPointTy()) return kFloat;
      if (t->isPointerTy()) return kPointer;
      return 0;
    }

    uint8_t floatWidth(llvm::Type* t) {
      if (t->isFloatTy()) return 32;
      if (t->isDoubleTy()) return 64;
      throw Unsupported("floating-point type " + typeName(t));
    }

    uint32_t leafIndex(llvm::Type* aggregate, llvm::ArrayRef<unsigned> indices) {
      uint32_t index = 0;
      llvm::Type* t = aggregate;
      for (unsigned i : indices) {
        if (auto* st = llvm::dyn_cast<llvm::StructType>(t)) {
          for (unsigned k = 0; k < i; ++k) index += slotCount(st->getElementType(k));
          t = st->getElementType(i);
        } else if (auto* at = llvm::dyn_cast<llvm::ArrayType>(t)) {
          index += i * slotCount(at->getElementType());
          t = at->getElementType();
        } else {
          throw Unsupported("an aggregate index into " + typeName(t));
        }
      }
      return index;
    }

    void decodeIntegerBinary(const llvm::Instruction& inst) {
      static const std::map<unsigned, Op> ops = {
          {llvm::Instruction::Add, Op::Add},   {llvm::Instruction::Sub, Op::Sub},   {llvm::Instruction::Mul, Op::Mul},
          {llvm::Instruction::UDiv, Op::UDiv}, {llvm::Instruction::SDiv, Op::SDiv}, {llvm::Instruction::URem, Op::URem},
          {llvm::Instruction::SRem, Op::SRem}, {llvm::Instruction::Shl, Op::Shl},   {llvm::Instruction::LShr, Op::LShr},
          {llvm::Instruction::AShr, Op::AShr}, {llvm::Instruction::And, Op::And},   {llvm::Instruction::Or, Op::Or},
          {llvm::Instruction::Xor, Op::Xor}};
      uint8_t w = widthOf(inst.getType());
      if (inst.getType()->isPointerTy()) throw Unsupported("arithmetic on pointers");
      Instr& in = emit(&inst, ops.at(inst.getOpcode()), w);
      in.a = scalar(inst.getOperand(0));
      in.b = scalar(inst.getOperand(1));
      if (auto* ob = llvm::dyn_cast<llvm::OverflowingBinaryOperator>(&inst)) {
        if (ob->hasNoSignedWrap()) in.flags |= kNoSignedWrap;
        if (ob->hasNoUnsignedWrap()) in.flags |= kNoUnsignedWrap;
      }
      if (auto* pe = llvm::dyn_cast<llvm::PossiblyExactOperator>(&inst); pe && pe->isExact()) in.flags |= kExact;
      if (frontend::isPointerDifference(inst)) in.flags |= kPointerDifference;
      in.dst = result(inst);
    }

    void decodeFloatBinary(const llvm::Instruction& inst) {
      static const std::map<unsigned, Op> ops = {{llvm::Instruction::FAdd, Op::FAdd},
                                                 {llvm::Instruction::FSub, Op::FSub},
                                                 {llvm::Instruction::FMul, Op::FMul},
                                                 {llvm::Instruction::FDiv, Op::FDiv},
                                                 {llvm::Instruction::FRem, Op::FRem}};
      uint8_t w = floatWidth(inst.getType());
      Instr& in = emit(&inst, ops.at(inst.getOpcode()), w);
      in.a = scalar(inst.getOperand(0));
      in.b = scalar(inst.getOperand(1));
      in.dst = result(inst);
    }

    void decodeConversion(const llvm::Instruction& inst) {
      static const std::map<unsigned, Op> ops = {
          {llvm::Instruction::Trunc, Op::Trunc},       {llvm::Instruction::ZExt, Op::ZExt},
          {llvm::Instruction::SExt, Op::SExt},         {llvm::Instruction::FPTrunc, Op::FPTrunc},
          {llvm::Instruction::FPExt, Op::FPExt},       {llvm::Instruction::FPToSI, Op::FPToSI},
          {llvm::Instruction::FPToUI, Op::FPToUI},     {llvm::Instruction::SIToFP, Op::SIToFP},
          {llvm::Instruction::UIToFP, Op::UIToFP},     {llvm::Instruction::PtrToInt, Op::PtrToInt},
          {llvm::Instruction::IntToPtr, Op::IntToPtr}};
      uint8_t w = widthOf(inst.getType());
      uint8_t from = widthOf(inst.getOperand(0)->getType());
      Instr& in = emit(&inst, ops.at(inst.getOpcode()), w);
      in.a = scalar(inst.getOperand(0));
      in.imm = from;
      in.dst = result(inst);
      if (inst.getOpcode() == llvm::Instruction::PtrToInt && feedsOnlyPointerDifferences(inst))
        f_.code.back().flags |= kPointerDifference;
    }

    static bool feedsOnlyPointerDifferences(const llvm::Instruction& ptrToInt) {
      return !ptrToInt.user_empty() &&
             std::all_of(ptrToInt.user_begin(), ptrToInt.user_end(),
                         [](const llvm::User* u) { return frontend::isPointerDifference(*u); });
    }

    void decodeGep(const llvm::GetElementPtrInst& gep) {
      if (gep.getType()->isVectorTy()) throw Unsupported("vector GEP");
      uint32_t base = scalar(gep.getPointerOperand());
      int64_t constant = 0;
      uint32_t firstTerm = static_cast<uint32_t>(f_.gepTerms.size());
      for (auto it = llvm::gep_type_begin(gep); it != llvm::gep_type_end(gep); ++it) {
        const llvm::Value* index = it.getOperand();
        if (llvm::StructType* st = it.getStructTypeOrNull()) {
          unsigned field = static_cast<unsigned>(llvm::cast<llvm::ConstantInt>(index)->getZExtValue());
          constant += static_cast<int64_t>(m_.layout_.getStructLayout(st)->getElementOffset(field));
          continue;
        }
        int64_t scale = static_cast<int64_t>(m_.layout_.getTypeAllocSize(it.getIndexedType()));
        if (auto* ci = llvm::dyn_cast<llvm::ConstantInt>(index)) {
          if (ci->getBitWidth() > 64) throw Unsupported("integers wider than 64 bits");
          constant += ci->getSExtValue() * scale;
        } else {
          f_.gepTerms.push_back({scalar(index), widthOf(index->getType()), scale});
        }
      }
      Instr& g = emit(&gep, Op::Gep, static_cast<uint8_t>(m_.code_.pointerBytes * 8));
      g.a = base;
      g.imm = static_cast<uint64_t>(constant);
      g.aux = firstTerm;
      g.c = static_cast<uint32_t>(f_.gepTerms.size()) - firstTerm;
      g.dst = result(gep);
    }

    void decodeCall(const llvm::CallInst& call) {
      if (call.isInlineAsm()) throw Unsupported("inline assembly");
      const llvm::Value* calleeValue = call.getCalledOperand()->stripPointerCasts();
      const auto* callee = llvm::dyn_cast<llvm::Function>(calleeValue);
      if (callee && callee->isIntrinsic() && decodeIntrinsic(call, *callee)) return;
      CallSite site;
      site.callee = UINT32_MAX;
      site.calleeReg = 0;
      if (callee) {
        site.callee = m_.functionIndex_.at(callee);
      } else {
        site.calleeReg = scalar(call.getCalledOperand());
      }
      for (unsigned i = 0; i < call.arg_size(); ++i) {
        if (call.paramHasAttr(i, llvm::Attribute::ByVal))
          throw Unsupported("a structure passed by value (byval argument)");
        site.argRegs.push_back(scalar(call.getArgOperand(i)));
      }
      site.resultSlots = call.getType()->isVoidTy() ? 0 : slotCount(call.getType());
      site.resultBits = isScalarType(call.getType()) ? m_.widthInBits(call.getType()) : 0;
      Instr& in = emit(&call, Op::Call);
      in.aux = static_cast<uint32_t>(f_.calls.size());
      in.dst = call.getType()->isVoidTy() ? 0 : result(call);
      f_.calls.push_back(std::move(site));
    }

    // Decodes the intrinsics with an instruction of their own; false for those handled as calls (memcpy, ...).
    bool decodeIntrinsic(const llvm::CallInst& call, const llvm::Function& callee) {
      using ID = llvm::Intrinsic::ID;
      ID id = callee.getIntrinsicID();
      switch (id) {
        case llvm::Intrinsic::lifetime_start: case llvm::Intrinsic::lifetime_end: {
          Instr& in = emit(&call, id == llvm::Intrinsic::lifetime_start ? Op::LifetimeStart : Op::LifetimeEnd);
          in.a = scalar(call.getArgOperand(1));
          in.b = UINT32_MAX;
          if (auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(call.getArgOperand(1)->stripPointerCasts()))
            f_.code.back().b = registerOf(alloca).first;
          return true;
        }
        case llvm::Intrinsic::ubsantrap: {
          Instr& in = emit(&call, Op::UbsanTrap);
          in.imm = llvm::cast<llvm::ConstantInt>(call.getArgOperand(0))->getZExtValue();
          return true;
        }
        case llvm::Intrinsic::dbg_declare:
          if (auto* alloca = llvm::dyn_cast_or_null<llvm::AllocaInst>(llvm::cast<llvm::DbgDeclareInst>(call).getAddress()))
            f_.variables.emplace_back(llvm::cast<llvm::DbgDeclareInst>(call).getVariable(), registerOf(alloca).first);
          return true;
        case llvm::Intrinsic::dbg_value: case llvm::Intrinsic::dbg_label:
        case llvm::Intrinsic::experimental_noalias_scope_decl: case llvm::Intrinsic::assume:
        case llvm::Intrinsic::donothing:
          // llvm.assume only appears after optimizations, which the front end does not run.
          return true;
        case llvm::Intrinsic::memcpy: case llvm::Intrinsic::memmove: case llvm::Intrinsic::memset:
        case llvm::Intrinsic::sqrt: case llvm::Intrinsic::fabs:
          return false;
        case llvm::Intrinsic::expect: {
          Instr& in = emit(&call, Op::Move);
          in.a = scalar(call.getArgOperand(0));
          in.imm = 1;
          in.dst = result(call);
          return true;
        }
        case llvm::Intrinsic::sadd_with_overflow: case llvm::Intrinsic::uadd_with_overflow:
        case llvm::Intrinsic::ssub_with_overflow: case llvm::Intrinsic::usub_with_overflow:
        case llvm::Intrinsic::smul_with_overflow: case llvm::Intrinsic::umul_with_overflow: {
          static const std::map<ID, uint64_t> which = {
              {llvm::Intrinsic::sadd_with_overflow, 0}, {llvm::Intrinsic::uadd_with_overflow, 1},
              {llvm::Intrinsic::ssub_with_overflow, 2}, {llvm::Intrinsic::usub_with_overflow, 3},
              {llvm::Intrinsic::smul_with_overflow, 4}, {llvm::Intrinsic::umul_with_overflow, 5}};
          Instr& in = emit(&call, Op::OverflowOp, widthOf(call.getArgOperand(0)->getType()));
          in.a = scalar(call.getArgOperand(0));
          in.b = scalar(call.getArgOperand(1));
          in.imm = which.at(id);
          f_.code.back().dst = result(call);
          return true;
        }
        case llvm::Intrinsic::smax: case llvm::Intrinsic::smin: case llvm::Intrinsic::umax:
        case llvm::Intrinsic::umin: {
          static const std::map<ID, uint64_t> which = {{llvm::Intrinsic::smax, 0}, {llvm::Intrinsic::smin, 1},
                                                       {llvm::Intrinsic::umax, 2}, {llvm::Intrinsic::umin, 3}};
          Instr& in = emit(&call, Op::MinMax, widthOf(call.getType()));
          in.a = scalar(call.getArgOperand(0));
          in.b = scalar(call.getArgOperand(1));
          in.imm = which.at(id);
          f_.code.back().dst = result(call);
          return true;
        }
        case llvm::Intrinsic::abs: {
          Instr& in = emit(&call, Op::Abs, widthOf(call.getType()));
          in.a = scalar(call.getArgOperand(0));
          in.b = llvm::cast<llvm::ConstantInt>(call.getArgOperand(1))->isOne() ? 1 : 0;
          f_.code.back().dst = result(call);
          return true;
        }
        case llvm::Intrinsic::ctpop: case llvm::Intrinsic::ctlz: case llvm::Intrinsic::cttz:
        case llvm::Intrinsic::bswap: {
          static const std::map<ID, uint64_t> which = {{llvm::Intrinsic::ctpop, 0}, {llvm::Intrinsic::ctlz, 1},
                                                       {llvm::Intrinsic::cttz, 2}, {llvm::Intrinsic::bswap, 3}};
          Instr& in = emit(&call, Op::CountBits, widthOf(call.getType()));
          in.a = scalar(call.getArgOperand(0));
          // ctlz/cttz of zero is poison when the second argument is true.
          in.b = (id == llvm::Intrinsic::ctlz || id == llvm::Intrinsic::cttz) &&
                         llvm::cast<llvm::ConstantInt>(call.getArgOperand(1))->isOne()
                     ? 1
                     : 0;
          in.imm = which.at(id);
          f_.code.back().dst = result(call);
          return true;
        }
        case llvm::Intrinsic::stacksave: {
          Instr& in = emit(&call, Op::StackSave);
          in.dst = result(call);
          return true;
        }
        case llvm::Intrinsic::stackrestore: {
          Instr& in = emit(&call, Op::StackRestore);
          in.a = scalar(call.getArgOperand(0));
          return true;
        }
        default:
          throw Unsupported("the intrinsic " + callee.getName().str());
      }
    }

    void resolveTargets() {
      for (const Target& t : targets_) {
        uint32_t dest = edgeTarget(t.from, t.to);
        Instr& in = f_.code[t.pc];
        if (t.field == 0) in.a = dest;
        else if (t.field == 1) in.b = dest;
        else if (t.field == 2) in.c = dest;
        else if (t.field == 3) f_.switches[in.aux].defaultTarget = dest;
        else f_.switches[in.aux].cases[static_cast<size_t>(t.field - 4)].second = dest;
      }
    }

    // Line 0 is clang's mark for code of no line (a cleanup, a merge of paths): none for the trace either.
    void noteSourceLines() {
      f_.sourceLine.reserve(f_.origin.size());
      for (const llvm::Instruction* origin : f_.origin) {
        const unsigned line = origin && origin->getDebugLoc() ? origin->getDebugLoc().getLine() : 0;
        f_.sourceLine.push_back(line != 0 ? line : kNoSourceLine);
      }
    }

    void markLoopHeads() {
      f_.loopHead.assign(f_.code.size(), 0);
      for (const Target& t : targets_) {
        const uint32_t head = blockStart_.at(t.to);
        if (head <= blockStart_.at(t.from)) f_.loopHead[head] = 1;
      }
    }

    // Liveness of the values in registers (arguments and instruction results), by the usual backward data flow
    // over blocks; a phi's operand is used at the end of the block it comes from. Also of the contents of the
    // local variables that are only loaded and stored whole (a variable whose next access is a store is dead).
    void markLiveAcrossCalls() {
      if (f_.calls.empty()) return;
      const llvm::Function& src = *f_.source;
      // Bit k: the value of values[k] (a register), then the contents of variables[k - values.size()].
      llvm::DenseMap<const llvm::Value*, uint32_t> index, contentsIndex;
      std::vector<const llvm::Value*> values;
      std::vector<const llvm::AllocaInst*> variables;
      auto track = [&](const llvm::Value* v) {
        if (regs_.count(v) && !index.count(v)) {
          index[v] = static_cast<uint32_t>(values.size());
          values.push_back(v);
        }
      };
      for (const llvm::Argument& arg : src.args()) track(&arg);
      for (const llvm::Instruction& inst : llvm::instructions(src))
        if (!inst.getType()->isVoidTy()) track(&inst);
      for (const llvm::Instruction& inst : llvm::instructions(src))
        if (auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(&inst); alloca && isWholeVariable(*alloca)) {
          contentsIndex[alloca] = static_cast<uint32_t>(values.size() + variables.size());
          variables.push_back(alloca);
        }
      using Bits = std::vector<uint64_t>;
      const size_t words = (values.size() + variables.size() + 63) / 64;
      auto setBit = [](Bits& b, uint32_t k) { b[k / 64] |= 1ull << (k % 64); };
      auto clearBit = [](Bits& b, uint32_t k) { b[k / 64] &= ~(1ull << (k % 64)); };
      auto set = [&](Bits& b, const llvm::Value* v) {
        if (auto it = index.find(v); it != index.end()) setBit(b, it->second);
      };
      // Stepping back over `inst`: what it defines (overwrites) is not live before it, what it reads is.
      auto stepBack = [&](const llvm::Instruction& inst, auto&& killed, auto&& read) {
        if (auto it = index.find(&inst); it != index.end()) killed(it->second);
        if (llvm::isa<llvm::PHINode>(inst)) return;
        if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&inst)) {
          if (auto it = contentsIndex.find(store->getPointerOperand()); it != contentsIndex.end()) killed(it->second);
        } else if (auto* load = llvm::dyn_cast<llvm::LoadInst>(&inst)) {
          if (auto it = contentsIndex.find(load->getPointerOperand()); it != contentsIndex.end()) read(it->second);
        }
        for (const llvm::Use& u : inst.operands())
          if (auto it = index.find(u.get()); it != index.end()) read(it->second);
      };
      // Each block once: live at its start = read ∪ (live at its end − killed), so that the fixed point below
      // iterates over bit vectors only.
      std::vector<const llvm::BasicBlock*> blocks;
      llvm::DenseMap<const llvm::BasicBlock*, uint32_t> blockNumber;
      std::vector<Bits> read, killed;
      for (const llvm::BasicBlock& bb : src) {
        blockNumber[&bb] = static_cast<uint32_t>(blocks.size());
        blocks.push_back(&bb);
        Bits r(words, 0), k(words, 0);
        for (auto i = bb.rbegin(); i != bb.rend(); ++i)
          stepBack(*i, [&](uint32_t bit) { clearBit(r, bit), setBit(k, bit); }, [&](uint32_t bit) { setBit(r, bit); });
        read.push_back(std::move(r));
        killed.push_back(std::move(k));
      }
      std::vector<Bits> liveIn(blocks.size(), Bits(words, 0)), liveOut(blocks.size());
      for (bool changed = true; changed;) {
        changed = false;
        for (size_t b = blocks.size(); b-- > 0;) {
          const llvm::BasicBlock& bb = *blocks[b];
          Bits out(words, 0);
          for (const llvm::BasicBlock* succ : llvm::successors(&bb)) {
            const Bits& in = liveIn[blockNumber.lookup(succ)];
            for (size_t w = 0; w < words; ++w) out[w] |= in[w];
            for (const llvm::PHINode& phi : succ->phis()) set(out, phi.getIncomingValueForBlock(&bb));
          }
          bool grew = false;
          for (size_t w = 0; w < words; ++w) {
            const uint64_t in = read[b][w] | (out[w] & ~killed[b][w]);
            grew |= in != liveIn[b][w];
            liveIn[b][w] = in;
          }
          liveOut[b] = std::move(out);
          changed |= grew;
        }
      }
      for (uint32_t pc = 0; pc < f_.code.size(); ++pc) {
        if (f_.code[pc].op != Op::Call) continue;
        const llvm::Instruction* call = f_.origin[pc];
        Bits live = liveOut[blockNumber.lookup(call->getParent())];
        for (auto i = call->getParent()->rbegin(); &*i != call; ++i)
          stepBack(*i, [&](uint32_t bit) { clearBit(live, bit); }, [&](uint32_t bit) { setBit(live, bit); });
        if (auto it = index.find(call); it != index.end()) clearBit(live, it->second);
        CallSite& site = f_.calls[f_.code[pc].aux];
        for (size_t k = 0; k < values.size(); ++k) {
          if (!(live[k / 64] >> (k % 64) & 1)) continue;
          auto [reg, slots] = regs_.at(values[k]);
          for (uint32_t s = 0; s < slots; ++s) site.liveAcross.push_back(reg + s);
        }
        for (size_t v = 0; v < variables.size(); ++v) {
          const size_t k = values.size() + v;
          if (!(live[k / 64] >> (k % 64) & 1)) site.deadVariables.push_back(variables[v]);
        }
      }
    }

    static bool isLifetimeMarker(const llvm::User* user) {
      auto* intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(user);
      return intrinsic && (intrinsic->getIntrinsicID() == llvm::Intrinsic::lifetime_start ||
                           intrinsic->getIntrinsicID() == llvm::Intrinsic::lifetime_end);
    }

    // A local variable whose address is only loaded from and stored to, each store writing all of it (and whose
    // scope may begin and end).
    bool isWholeVariable(const llvm::AllocaInst& alloca) const {
      if (alloca.isArrayAllocation()) return false;
      const uint64_t size = m_.layout_.getTypeStoreSize(alloca.getAllocatedType());
      for (const llvm::User* user : alloca.users()) {
        if (llvm::isa<llvm::LoadInst>(user) || isLifetimeMarker(user)) continue;
        if (llvm::isa<llvm::BitCastInst>(user) &&
            std::all_of(user->user_begin(), user->user_end(), [](const llvm::User* u) { return isLifetimeMarker(u); }))
          continue;
        auto* store = llvm::dyn_cast<llvm::StoreInst>(user);
        if (!store || store->getValueOperand() == &alloca ||
            m_.layout_.getTypeStoreSize(store->getValueOperand()->getType()) != size)
          return false;
      }
      return true;
    }

    // The pc to jump to along an edge: the block itself, or a stub that performs the block's phi moves first.
    uint32_t edgeTarget(const llvm::BasicBlock* from, const llvm::BasicBlock* to) {
      uint32_t blockPc = blockStart_.at(to);
      if (!llvm::isa<llvm::PHINode>(to->front())) return blockPc;
      auto key = std::make_pair(from, to);
      if (auto it = stubs_.find(key); it != stubs_.end()) return it->second;
      uint32_t stub = pc();
      uint32_t first = static_cast<uint32_t>(f_.phiMoves.size());
      std::vector<PhiMove> moves;
      try {
        for (const llvm::PHINode& phi : to->phis()) {
          const llvm::Value* incoming = phi.getIncomingValueForBlock(from);
          if (llvm::isa<llvm::UndefValue>(incoming)) throw Unsupported("a phi of an undefined value");
          auto [src, slots] = registerOf(incoming);
          moves.push_back({registerOf(&phi).first, src, slots});
        }
      } catch (const Unsupported& u) {
        emitUnsupported(&to->front(), u.why);
        stubs_[key] = stub;
        return stub;
      }
      f_.phiMoves.insert(f_.phiMoves.end(), moves.begin(), moves.end());
      Instr& in = emit(&to->front(), Op::PhiMoves);
      in.a = blockPc;
      in.aux = first;
      in.c = static_cast<uint32_t>(moves.size());
      stubs_[key] = stub;
      return stub;
    }

    ModuleDecoder& m_;
    Function& f_;
    uint32_t nextReg_ = 0;
    std::unordered_map<const llvm::Value*, std::pair<uint32_t, uint32_t>> regs_;
    std::unordered_map<const llvm::BasicBlock*, uint32_t> blockStart_;
    std::map<std::pair<const llvm::BasicBlock*, const llvm::BasicBlock*>, uint32_t> stubs_;
    std::vector<Target> targets_;
  };

  void decodeFunction(Function& f) {
    FunctionDecoder d(*this, f);
    d.decode();
  }

  const llvm::Module& module_;
  const llvm::DataLayout& layout_;
  Interpreter::Code& code_;
  std::unordered_map<const llvm::Function*, uint32_t> functionIndex_;
  std::unordered_map<const llvm::GlobalVariable*, uint32_t> globalId_;
  std::unordered_map<uint32_t, std::string> badGlobals_;
};

// The object a pointer points into, where the pointer is an offset from a global or a stack object.
const llvm::Value* memoryRoot(const llvm::Value* pointer) {
  for (;;) {
    if (auto* gep = llvm::dyn_cast<llvm::GEPOperator>(pointer))
      pointer = gep->getPointerOperand();
    else if (auto* cast = llvm::dyn_cast<llvm::BitCastOperator>(pointer))
      pointer = cast->getOperand(0);
    else
      return pointer;
  }
}

// The integer constants the program compares with values, sign-extended, sorted and each once. With
// `onlyInputs`, only those compared with values derived from nondet calls: derived through operations, stores to
// and loads from the same global or stack object, call arguments and return values (a forward taint to a fixed
// point; a value that goes through other memory is lost, so the result may be empty).
std::vector<uint64_t> constantsComparedWithInputs(const llvm::Module& module, bool onlyInputs) {
  std::unordered_set<const llvm::Value*> tainted;  // values, and the objects inputs were stored into
  std::unordered_set<const llvm::Function*> returnsInput;
  auto isTainted = [&](const llvm::Value* v) { return !onlyInputs || tainted.count(v) > 0; };
  for (bool changed = onlyInputs; changed;) {
    changed = false;
    auto mark = [&](const llvm::Value* v) { changed |= tainted.insert(v).second; };
    for (const llvm::Function& f : module)
      for (const llvm::Instruction& inst : llvm::instructions(f)) {
        if (auto* call = llvm::dyn_cast<llvm::CallBase>(&inst)) {
          auto* callee = llvm::dyn_cast<llvm::Function>(call->getCalledOperand()->stripPointerCasts());
          if (!callee) continue;
          if (frontend::classifyFunction(callee->getName().str()) == frontend::EnvFunction::Nondet) {
            mark(call);
          } else if (!callee->isDeclaration()) {
            for (unsigned i = 0; i < call->arg_size() && i < callee->arg_size(); ++i)
              if (tainted.count(call->getArgOperand(i))) mark(callee->getArg(i));
            if (returnsInput.count(callee)) mark(call);
          }
        } else if (auto* ret = llvm::dyn_cast<llvm::ReturnInst>(&inst)) {
          if (ret->getReturnValue() && tainted.count(ret->getReturnValue())) changed |= returnsInput.insert(&f).second;
        } else if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&inst)) {
          if (tainted.count(store->getValueOperand())) mark(memoryRoot(store->getPointerOperand()));
        } else if (auto* load = llvm::dyn_cast<llvm::LoadInst>(&inst)) {
          if (tainted.count(memoryRoot(load->getPointerOperand()))) mark(load);
        } else if (std::any_of(inst.op_begin(), inst.op_end(),
                               [&](const llvm::Use& u) { return tainted.count(u.get()); })) {
          mark(&inst);
        }
      }
  }
  std::vector<uint64_t> constants;
  auto note = [&](const llvm::Value* v) {
    if (auto* c = llvm::dyn_cast<llvm::ConstantInt>(v); c && c->getBitWidth() <= 64)
      constants.push_back(static_cast<uint64_t>(c->getSExtValue()));
  };
  for (const llvm::Function& f : module)
    for (const llvm::Instruction& inst : llvm::instructions(f)) {
      if (llvm::isa<llvm::ICmpInst>(inst)) {
        if (isTainted(inst.getOperand(1))) note(inst.getOperand(0));
        if (isTainted(inst.getOperand(0))) note(inst.getOperand(1));
      } else if (auto* sw = llvm::dyn_cast<llvm::SwitchInst>(&inst); sw && isTainted(sw->getCondition())) {
        for (const auto& c : sw->cases()) note(c.getCaseValue());
      }
    }
  std::sort(constants.begin(), constants.end());
  constants.erase(std::unique(constants.begin(), constants.end()), constants.end());
  return constants;
}

}  // namespace

std::unique_ptr<Interpreter::Code> decodeModule(const frontend::Program& program, std::string& error) {
  auto code = std::make_unique<Interpreter::Code>();
  ModuleDecoder decoder(program, *code);
  decoder.decode();
  code->comparedConstants = constantsComparedWithInputs(*code->module, true);
  if (code->comparedConstants.empty()) code->comparedConstants = constantsComparedWithInputs(*code->module, false);
  if (code->mainFunction == UINT32_MAX) {
    error = "the program has no function 'main'";
    return nullptr;
  }
  return code;
}

}  // namespace atropos::interp
