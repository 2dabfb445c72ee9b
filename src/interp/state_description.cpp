// The state at a lasso's head in C terms, from the debug information of the variables in scope: the recurrent set
// a non-termination witness states.
#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/GlobalVariable.h>
#include <llvm/IR/Instructions.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <set>

#include "common/c_text.h"
#include "frontend/debug_info.h"
#include "execution.h"

namespace atropos::interp {

namespace {

// Beyond these a description is cut short (and incomplete): a witness is for reading. Elements are looked at up to
// their own limit; only the initialized ones make terms.
constexpr size_t kMaxTerms = 256;
constexpr uint64_t kMaxElements = 4096;

uint64_t sizeInBytes(const llvm::DIType* t) {
  t = frontend::strippedType(t);
  return t ? t->getSizeInBits() / 8 : 0;
}

// `E` as the operand of a postfix operator: a unary expression gets parentheses.
std::string postfixOperand(const std::string& e) { return !e.empty() && e[0] == '*' ? "(" + e + ")" : e; }

StateTerm integerTerm(const std::string& lvalue, uint64_t bits, unsigned bytes, bool isSigned) {
  const unsigned width = bytes * 8;
  bits &= maskOf(width);
  return StateTerm{lvalue, isSigned ? signedLiteral(signExtend(bits, width)) : unsignedLiteral(bits), true, width,
                   isSigned, bits};
}

// A place in memory and the C lvalue that names it.
struct Place {
  uint32_t object;
  uint64_t offset;
  std::string lvalue;
  std::string address;  // a C expression whose value is the place's address
};

class StateDescriber {
 public:
  StateDescriber(const Memory& memory, const Interpreter::Code& code) : memory_(memory), code_(code) {}

  // A variable whose storage is the object `id`.
  void variable(const std::string& name, const llvm::DIType* type, uint32_t id) {
    describe(Place{id, 0, name, "&" + name}, type);
  }
  // A parameter whose value is still in its register (at a call's entry).
  void value(const std::string& name, const llvm::DIType* type, const Slot& slot) {
    const llvm::DIType* t = frontend::strippedType(type);
    if (auto* basic = llvm::dyn_cast_or_null<llvm::DIBasicType>(t))
      basicValue(name, basic, slot.bits);
    else if (t && t->getTag() == llvm::dwarf::DW_TAG_pointer_type)
      pointerValue(name, llvm::cast<llvm::DIDerivedType>(t)->getBaseType(), slot.prov, slot.bits);
    else if (t && t->getTag() == llvm::dwarf::DW_TAG_enumeration_type)
      term(integerTerm(name, slot.bits, static_cast<unsigned>(sizeInBytes(t)), true));
    else
      complete_ = false;
  }
  void incomplete() { complete_ = false; }

  // Describes what the pointers described so far reach, breadth first, so each object is named by a short path.
  std::vector<StateTerm> finish() {
    while (!pending_.empty()) {
      Pending p = std::move(pending_.front());
      pending_.pop_front();
      pointee(p);
    }
    return std::move(terms_);
  }
  bool complete() const { return complete_; }

 private:
  struct Pending {
    std::string pointer;
    const llvm::DIType* pointeeType;
    uint32_t object;
    uint64_t offset;
  };

  void term(StateTerm t) {
    if (terms_.size() >= kMaxTerms) {
      complete_ = false;
      return;
    }
    terms_.push_back(std::move(t));
  }
  void term(const std::string& lvalue, const std::string& constant) { term(StateTerm{lvalue, constant}); }

  void describe(const Place& place, const llvm::DIType* type) {
    const llvm::DIType* t = frontend::strippedType(type);
    if (!t) {
      complete_ = false;
      return;
    }
    addresses_.emplace(std::make_pair(place.object, place.offset), place.address);
    const Object& o = memory_.object(place.object);
    const uint64_t size = t->getSizeInBits() / 8;
    if (place.offset + size > o.size) {
      complete_ = false;
      return;
    }
    bool initialized = false;
    if (auto* basic = llvm::dyn_cast<llvm::DIBasicType>(t)) {
      if (size > 8) {
        complete_ = false;
        return;
      }
      const uint64_t bits = memory_.readScalar(o, place.offset, static_cast<unsigned>(size), initialized);
      if (initialized) basicValue(place.lvalue, basic, bits);
      return;
    }
    switch (t->getTag()) {
      case llvm::dwarf::DW_TAG_pointer_type: {
        const unsigned n = code_.pointerBytes;
        const uint64_t bits = memory_.readScalar(o, place.offset, n, initialized);
        if (initialized)
          pointerValue(place.lvalue, llvm::cast<llvm::DIDerivedType>(t)->getBaseType(),
                       memory_.readProvenance(o, place.offset, n), bits);
        return;
      }
      case llvm::dwarf::DW_TAG_enumeration_type: {
        if (size == 0 || size > 8) break;
        const uint64_t bits = memory_.readScalar(o, place.offset, static_cast<unsigned>(size), initialized);
        const llvm::DIType* underlying = llvm::cast<llvm::DICompositeType>(t)->getBaseType();
        auto* base = llvm::dyn_cast_or_null<llvm::DIBasicType>(frontend::strippedType(underlying));
        if (initialized)
          term(integerTerm(place.lvalue, bits, static_cast<unsigned>(size),
                           !base || base->getEncoding() != llvm::dwarf::DW_ATE_unsigned));
        return;
      }
      case llvm::dwarf::DW_TAG_structure_type: {
        const std::string prefix = postfixOperand(place.lvalue) + ".";
        for (const llvm::DINode* element : llvm::cast<llvm::DICompositeType>(t)->getElements()) {
          auto* m = llvm::dyn_cast<llvm::DIDerivedType>(element);
          if (!m || m->getTag() != llvm::dwarf::DW_TAG_member) continue;
          if (m->isBitField() || m->getName().empty()) {
            complete_ = false;
            continue;
          }
          const std::string lvalue = prefix + m->getName().str();
          describe(Place{place.object, place.offset + m->getOffsetInBits() / 8, lvalue, "&" + lvalue}, m->getBaseType());
        }
        return;
      }
      case llvm::dwarf::DW_TAG_array_type: {
        auto* array = llvm::cast<llvm::DICompositeType>(t);
        std::vector<int64_t> counts;
        for (const llvm::DINode* element : array->getElements()) {
          auto* range = llvm::dyn_cast<llvm::DISubrange>(element);
          auto* count = range ? range->getCount().dyn_cast<llvm::ConstantInt*>() : nullptr;
          counts.push_back(count ? count->getSExtValue() : -1);
        }
        elements(place, array->getBaseType(), counts, 0);
        return;
      }
      default:
        break;
    }
    complete_ = false;  // unions, long double, anything else
  }

  // The elements of an array whose dimensions from `dim` on are `counts` (-1: unknown, then up to the object's end).
  void elements(const Place& place, const llvm::DIType* elementType, const std::vector<int64_t>& counts, size_t dim) {
    uint64_t stride = sizeInBytes(elementType);
    for (size_t d = dim + 1; d < counts.size(); ++d) stride *= counts[d] < 0 ? 0 : static_cast<uint64_t>(counts[d]);
    if (stride == 0 || dim >= counts.size()) {
      complete_ = false;
      return;
    }
    const Object& o = memory_.object(place.object);
    uint64_t n = counts[dim] >= 0 ? static_cast<uint64_t>(counts[dim]) : (o.size - place.offset) / stride;
    if (n > kMaxElements) {
      n = kMaxElements;
      complete_ = false;
    }
    const std::string array = postfixOperand(place.lvalue);
    for (uint64_t i = 0; i < n; ++i) {
      const std::string lvalue = array + "[" + std::to_string(i) + "]";
      const Place element{place.object, place.offset + i * stride, lvalue, "&" + lvalue};
      if (dim + 1 < counts.size())
        elements(element, elementType, counts, dim + 1);
      else
        describe(element, elementType);
    }
  }

  void basicValue(const std::string& lvalue, const llvm::DIBasicType* type, uint64_t bits) {
    const unsigned size = static_cast<unsigned>(type->getSizeInBits() / 8);
    switch (type->getEncoding()) {
      case llvm::dwarf::DW_ATE_signed:
      case llvm::dwarf::DW_ATE_signed_char:
        term(integerTerm(lvalue, bits, size, true));
        return;
      case llvm::dwarf::DW_ATE_unsigned:
      case llvm::dwarf::DW_ATE_unsigned_char:
      case llvm::dwarf::DW_ATE_boolean:
      case llvm::dwarf::DW_ATE_UTF:
        term(integerTerm(lvalue, bits, size, false));
        return;
      case llvm::dwarf::DW_ATE_float: {
        double value = 0;
        if (size == 4) {
          float f;
          const auto b = static_cast<uint32_t>(bits);
          std::memcpy(&f, &b, 4);
          value = f;
        } else if (size == 8) {
          std::memcpy(&value, &bits, 8);
        } else {
          break;
        }
        if (!std::isfinite(value)) break;
        char text[64];
        std::snprintf(text, sizeof text, "%a", value);
        term(lvalue, text);
        return;
      }
      default:
        break;
    }
    complete_ = false;
  }

  void pointerValue(const std::string& expression, const llvm::DIType* pointeeType, uint32_t prov, uint64_t bits) {
    if (code_.pointerBytes == 4) bits &= 0xFFFFFFFFull;
    if (prov == 0) {
      if (bits == 0)
        term(expression, "0");
      else
        complete_ = false;  // an address made from an integer
      return;
    }
    const Object& o = memory_.object(prov);
    if (o.kind == ObjectKind::Function) {
      term(expression, code_.staticObjects[prov - 1].name);
      return;
    }
    if (!o.live || bits < o.base || bits - o.base > o.size) {
      complete_ = false;
      return;
    }
    const uint64_t offset = bits - o.base;
    if (auto named = addresses_.find({prov, offset}); named != addresses_.end()) {
      term("(void *)" + postfixOperand(expression), "(void *)" + postfixOperand(named->second));
      return;
    }
    pending_.push_back(Pending{expression, pointeeType, prov, offset});
  }

  // The object a pointer reaches, named through the pointer unless something described earlier names it.
  void pointee(const Pending& p) {
    if (auto named = addresses_.find({p.object, p.offset}); named != addresses_.end()) {
      term("(void *)" + postfixOperand(p.pointer), "(void *)" + postfixOperand(named->second));
      return;
    }
    const uint64_t size = sizeInBytes(p.pointeeType);
    const Object& o = memory_.object(p.object);
    // Bytes before the pointer's target, or after it that do not make whole elements, would go undescribed.
    if (size == 0 || p.offset != 0 || (o.size - p.offset) % size != 0) complete_ = false;
    if (size == 0 || p.offset + size > o.size) return;
    const uint64_t n = (o.size - p.offset) / size;
    if (n == 1) {
      describe(Place{p.object, p.offset, "*" + p.pointer, p.pointer}, p.pointeeType);
      return;
    }
    // An array the pointer points to the start of: its elements through the pointer.
    addresses_.emplace(std::make_pair(p.object, p.offset), p.pointer);
    elements(Place{p.object, p.offset, p.pointer, p.pointer}, p.pointeeType, {static_cast<int64_t>(n)}, 0);
  }

  const Memory& memory_;
  const Interpreter::Code& code_;
  std::vector<StateTerm> terms_;
  std::map<std::pair<uint32_t, uint64_t>, std::string> addresses_;  // the first expression naming each address
  std::deque<Pending> pending_;
  bool complete_ = true;
};

}  // namespace

bool Execution::isRecurrenceHead(const llvm::Instruction* at, bool enteredCall) const {
  const llvm::Instruction* head = options_.describeRecurrence->head;
  if (at == head) return true;
  auto* call = llvm::dyn_cast_or_null<llvm::CallBase>(head);
  const llvm::Function* callee = call ? call->getCalledFunction() : nullptr;
  return enteredCall && callee && code_.functions[frames_.back().function].source == callee;
}

void Execution::recordHeadState(const llvm::Instruction* at, bool enteredCall) {
  // A period with more states than a witness lists that are not an orbit: describing more would only cost time.
  if (!headStates_.wantsMore()) return;
  StateDescriber describer(memory_, code_);
  const Frame& frame = frames_.back();
  const Function& fn = code_.functions[frame.function];
  std::map<std::string, size_t> depthOfName;  // names in scope, by the depth of the scope declaring them (0: inner)
  struct Local {
    std::string name;
    const llvm::DILocalVariable* variable;
    uint32_t reg;
    size_t depth;
  };
  std::vector<Local> locals;
  const llvm::DISubprogram* subprogram = fn.source ? fn.source->getSubprogram() : nullptr;
  const std::vector<const llvm::DIScope*> scopes =
      enteredCall ? std::vector<const llvm::DIScope*>{subprogram} : frontend::scopesAround(at);
  if (enteredCall) {
    for (const auto& [variable, reg] : fn.variables)
      if (variable->isParameter() && variable->getArg() >= 1 && variable->getArg() <= fn.paramRegs.size())
        locals.push_back({variable->getName().str(), variable, fn.paramRegs[variable->getArg() - 1], 0});
  } else {
    const unsigned line = at && at->getDebugLoc() ? at->getDebugLoc().getLine() : 0;
    for (const auto& [variable, reg] : fn.variables) {
      auto where = std::find(scopes.begin(), scopes.end(), variable->getScope());
      if (where == scopes.end() || variable->getLine() > line) continue;
      const Slot& address = registers_[frame.regBase + reg];
      if (address.prov == 0 || !memory_.object(address.prov).live) continue;
      locals.push_back({variable->getName().str(), variable, reg, static_cast<size_t>(where - scopes.begin())});
    }
  }
  for (const Local& l : locals) {
    auto [it, fresh] = depthOfName.emplace(l.name, l.depth);
    if (!fresh) {
      it->second = std::min(it->second, l.depth);
      describer.incomplete();  // a shadowed variable cannot be named
    }
  }
  for (const Local& l : locals) {
    if (l.name.empty() || depthOfName[l.name] != l.depth) continue;
    const Slot& slot = registers_[frame.regBase + l.reg];
    if (enteredCall)
      describer.value(l.name, l.variable->getType(), slot);
    else
      describer.variable(l.name, l.variable->getType(), slot.prov);
  }
  for (uint32_t id = 1; id <= code_.staticObjects.size(); ++id) {
    const StaticObject& so = code_.staticObjects[id - 1];
    if (so.kind != ObjectKind::Global || !so.global || so.contentsUnknown) continue;
    llvm::SmallVector<llvm::DIGlobalVariableExpression*, 1> debug;
    so.global->getDebugInfo(debug);
    if (debug.empty()) continue;
    const llvm::DIGlobalVariable* g = debug.front()->getVariable();
    const llvm::DIScope* scope = g->getScope();
    // A function's static variable can be named only inside its scope.
    if (scope && !llvm::isa<llvm::DICompileUnit>(scope) && !llvm::isa<llvm::DIFile>(scope) &&
        std::find(scopes.begin(), scopes.end(), scope) == scopes.end()) {
      describer.incomplete();
      continue;
    }
    if (depthOfName.count(g->getName().str())) {
      describer.incomplete();  // hidden by a local of the same name
      continue;
    }
    describer.variable(g->getName().str(), g->getType(), id);
  }
  const std::vector<StateTerm> state = describer.finish();
  headStates_.add(state, describer.complete());
}

void Execution::finishRecurrence(Lasso& lasso) {
  if (!options_.describeRecurrence) return;
  lasso.headStates = headStates_.states();
  lasso.headStatesComplete = headStates_.complete();
}

}  // namespace atropos::interp
