#include "executor.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/GetElementPtrTypeIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <functional>

#include "frontend/arithmetic.h"
#include "frontend/environment.h"
#include "smt/integers.h"
#include "smt/term.h"

namespace atropos::symex {

namespace {

constexpr unsigned kVariablesPerStep = 256;
constexpr unsigned kIntBits = 32;  // in both data models
constexpr size_t kMaxCallDepth = 48;
constexpr size_t kMaxInitializedScalars = 256;

struct SplitRequest {
  smt::Term condition;
};
struct ErrorRaised {
  Check kind;
  std::string message;
};
struct EndRaised {
  EndKind kind;
};
struct InfeasibleRaised {};

std::string sanitize(const std::string& hint) {
  std::string name;
  for (char c : hint)
    if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') name.push_back(c);
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0]))) name = "v" + name;
  return name;
}

[[noreturn]] void unsupported(const std::string& what) { throw ErrorRaised{Check::NotModelled, what}; }

smt::Term rangeOf(const smt::Term& term, unsigned bits, View view) {
  return view == View::Signed ? smt::inSignedRange(term, bits) : smt::inUnsignedRange(term, bits);
}

bool isPowerOfTwoMinusOne(const smt::Term& term, unsigned& exponent) {
  uint64_t value;
  if (!term.is_numeral() || !term.is_numeral_u64(value) || value == 0 || (value & (value + 1)) != 0) return false;
  exponent = static_cast<unsigned>(std::popcount(value));
  return true;
}

}  // namespace

// One application of the rules to one state.
class Executor::Step {
 public:
  Step(Executor& executor, const State& state)
      : e_(executor), c_(executor.context_), in_(state), out_(state), layout_(executor.index_.layout()) {
    base_ =
        state.stepVariables ? *state.stepVariables : (executor.nextVariable_ += kVariablesPerStep) - kVariablesPerStep;
    out_.stepVariables.reset();
  }

  StepResult run() {
    StepResult result;
    try {
      const llvm::Instruction* at = in_.top().next;
      user_ = at;
      next_ = at->getNextNode();
      execute(*at);
      if (!framesChanged_) out_.top().next = next_;
      out_.addFacts(std::move(facts_));
      result.kind = StepResult::Kind::Next;
      result.next = std::move(out_);
    } catch (const SplitRequest& split) {
      result.kind = StepResult::Kind::Split;
      result.condition = split.condition;
      if (in_.stepVariables && in_.knowledge)
        for (const smt::Term& fact : in_.knowledge->facts)
          if (z3::eq(fact, split.condition) || z3::eq(fact, !split.condition) ||
              z3::eq(fact, (!split.condition).simplify())) {
            result.kind = StepResult::Kind::Error;
            result.error = Check::NotModelled;
            result.message = "the solver cannot decide a condition in time";
          }
    } catch (const ErrorRaised& error) {
      result.kind = StepResult::Kind::Error;
      result.error = error.kind;
      result.message = error.message;
    } catch (const EndRaised& end) {
      result.kind = StepResult::Kind::End;
      result.end = end.kind;
      // An empty list holds no memory: the end of the program does not leave it allocated.
      if (!out_.memory->lists.empty())
        std::erase_if(out_.mutableMemory().lists, [&](const ListSegment& l) { return provable(l.length == 0); });
      out_.addFacts(std::move(facts_));
      result.next = std::move(out_);
    } catch (const InfeasibleRaised&) {
      result.kind = StepResult::Kind::Infeasible;
    }
    return result;
  }

  unsigned long long base() const { return base_; }

 private:
  // ---- decisions -------------------------------------------------------------------------------------------
  smt::Term assumptions() {
    if (facts_.empty()) return c_.bool_val(true);
    z3::expr_vector v(c_);
    for (const smt::Term& f : facts_) v.push_back(f);
    return z3::mk_and(v);
  }

  bool provable(const smt::Term& condition) {
    smt::Term s = condition.simplify();
    if (s.is_true()) return true;
    if (s.is_false()) return false;
    return e_.solver_.entails(z3::implies(assumptions(), s)) == smt::Answer::Yes;
  }

  // Whether `condition` holds in every represented state; a refinement when that depends on the state.
  bool holds(const smt::Term& condition) {
    smt::Term s = condition.simplify();
    if (s.is_true()) return true;
    if (s.is_false()) return false;
    smt::Term context = assumptions();
    if (e_.solver_.entails(z3::implies(context, s)) == smt::Answer::Yes) return true;
    if (e_.solver_.entails(z3::implies(context, !s)) == smt::Answer::Yes) return false;
    throw SplitRequest{s};
  }

  void require(const smt::Term& condition, Check kind, const std::string& message) {
    if (!holds(condition)) throw ErrorRaised{kind, message};
  }

  // The result of a signed operation stays in its type's range, unless the reading makes signed arithmetic
  // unbounded: then the operation gives the mathematical result and there is nothing to check.
  void requireInSignedRange(const smt::Term& result, unsigned bits, const std::string& message) {
    if (!e_.index_.signedUnbounded()) require(smt::inSignedRange(result, bits), Check::SignedOverflow, message);
  }

  // Every integer is a mathematical integer (IntegerModel::typesUnbounded, `termcomp`).
  bool mathematical() const { return e_.index_.typesUnbounded(); }

  // ---- values ----------------------------------------------------------------------------------------------
  smt::Term fresh(const std::string& hint) {
    if (used_ >= kVariablesPerStep) unsupported("an instruction that needs too many symbolic values");
    return c_.int_const((sanitize(hint) + "_" + std::to_string(base_ + used_++)).c_str());
  }

  // A new variable whose value the rule defines exactly (Executor::exactVariables).
  smt::Term exact(smt::Term variable) {
    e_.exact_.insert(variable.decl().name().str());
    return variable;
  }

  smt::Term freshInRange(const std::string& hint, unsigned bits, View view) {
    smt::Term v = fresh(hint);
    facts_.push_back(rangeOf(v, bits, view));
    return v;
  }

  // A value no operation of the program computed (an indeterminate value, what a library function returns): in its
  // type's range, unless the reading gives integers none.
  smt::Term freshValue(const std::string& hint, const llvm::Type* type, View view) {
    unsigned bits = e_.index_.bits(type);
    if (mathematical() && type->isIntegerTy() && bits > 1) return fresh(hint);
    return freshInRange(hint, bits, type->isPointerTy() ? View::Unsigned : view);
  }

  unsigned bitsOf(const llvm::Value* v) const {
    unsigned bits = e_.index_.bits(v->getType());
    if (bits == 0) unsupported("a value of a type that is not a scalar");
    return bits;
  }

  View viewOf(const llvm::Value* v) const { return e_.index_.view(v); }

  smt::Term numeral(const llvm::APInt& value, View want) {
    if (value.getBitWidth() > 64) unsupported("an integer wider than 64 bits");
    if (want == View::Signed) return c_.int_val(static_cast<int64_t>(value.getSExtValue()));
    return c_.int_val(static_cast<uint64_t>(value.getZExtValue()));
  }

  // How a value kept in one reading is read in the other: C converts between int and unsigned of one width where
  // the IR shows no conversion, and reads the same bits in both. With mathematical integers a value is the same
  // number in both readings (a conversion keeps it).
  smt::Term convert(const smt::Term& term, unsigned bits, View from, View to) {
    if (from == to || bits == 0 || mathematical()) return term;
    smt::Term modulus = smt::powerOfTwo(c_, bits);
    if (from == View::Unsigned) {
      if (holds(term <= smt::signedMax(c_, bits))) return term;
      return (term - modulus).simplify();
    }
    // Unbounded signed arithmetic: the value may lie outside the signed range, and has the bits of its remainder.
    if (e_.index_.signedUnbounded() && !provable(smt::inSignedRange(term, bits)))
      return wrapped(term, bits, View::Unsigned, "bits");
    if (holds(term >= 0)) return term;
    return (term + modulus).simplify();
  }

  // The value of `v` read in `want`: an operation that reads it so, whose C type says how a constant's bits read.
  smt::Term read(const llvm::Value* v, View want) {
    if (v->getType()->isPointerTy()) want = View::Unsigned;
    if (auto* ci = llvm::dyn_cast<llvm::ConstantInt>(v)) {
      if (mathematical() && ci->getBitWidth() > 1 && ci->isNegative()) return literal(ci);
      return numeral(ci->getValue(), want);
    }
    if (llvm::isa<llvm::ConstantPointerNull>(v)) return c_.int_val(0);
    if (llvm::isa<llvm::UndefValue>(v)) return freshValue("undef", v->getType(), want);
    if (auto* fp = llvm::dyn_cast<llvm::ConstantFP>(v)) {
      unsigned bits = bitsOf(v);
      return convert(numeral(fp->getValueAPF().bitcastToAPInt(), View::Unsigned), bits, View::Unsigned, want);
    }
    if (llvm::isa<llvm::GlobalValue>(v)) {
      auto it = e_.globalAddresses_.find(v);
      if (it == e_.globalAddresses_.end()) unsupported("the address of '" + v->getName().str() + "'");
      return it->second;
    }
    if (auto* ce = llvm::dyn_cast<llvm::ConstantExpr>(v)) return readConstantExpression(ce, want);
    if (llvm::isa<llvm::Argument>(v) || llvm::isa<llvm::Instruction>(v)) {
      const Local* local = in_.top().find(e_.index_.valueId(v));
      if (!local) unsupported("a value that is not defined on this path");
      smt::Term value = convert(local->value, bitsOf(v), viewOf(v), want);
      if (want == View::Signed && !mathematical() && e_.index_.mayBeConvertedToUnsigned(v))
        return eitherReading(value, bitsOf(v));
      return value;
    }
    unsupported("a constant of a kind that is not modelled");
  }

  // With mathematical integers, a constant whose bits read as two numbers (-1 and 2^32 - 1) is either: the IR keeps
  // no literal's C type, and mem2reg carries a constant across the conversions between the variables it passed
  // through (`unsigned u = 4294967295u; int x = u;` leaves -1 where x is read). It is one of them for good: the
  // literal of one use of the program (its user and operand) keeps its number at every visit.
  smt::Term literal(const llvm::ConstantInt* constant) {
    smt::Term sk = numeral(constant->getValue(), View::Signed), uk = numeral(constant->getValue(), View::Unsigned);
    std::optional<unsigned> operand;
    for (unsigned k = 0; k < user_->getNumOperands(); ++k) {
      if (user_->getOperand(k) != constant) continue;
      if (operand) {  // twice in one instruction: which use is read is not known here
        operand.reset();
        break;
      }
      operand = k;
    }
    smt::Term w = operand ? c_.int_const(("literal." + user_->getFunction()->getName().str() + "." +
                                          std::to_string(e_.index_.valueId(user_)) + "." + std::to_string(*operand))
                                             .c_str())
                          : fresh("literal");
    facts_.push_back(w == sk || w == uk);
    return w;
  }

  // A value outside its signed range that the program may also have converted to an unsigned type and back (the
  // IR leaves both conversions out): read as signed, it is the mathematical value or its remainder modulo 2^bits
  // in the signed range, whichever the C expression meant.
  smt::Term eitherReading(const smt::Term& value, unsigned bits) {
    if (provable(smt::inSignedRange(value, bits))) return value;
    smt::Term t = fresh("either");
    facts_.push_back(t == value || (smt::inSignedRange(t, bits) && z3::mod(value - t, smt::powerOfTwo(c_, bits)) == 0));
    return t;
  }

  smt::Term readConstantExpression(const llvm::ConstantExpr* ce, View want) {
    switch (ce->getOpcode()) {
      case llvm::Instruction::BitCast:
      case llvm::Instruction::AddrSpaceCast:
        return read(ce->getOperand(0), want);
      case llvm::Instruction::GetElementPtr: {
        auto* gep = llvm::cast<llvm::GEPOperator>(ce);
        llvm::APInt offset(e_.index_.pointerBits(), 0);
        if (!gep->accumulateConstantOffset(layout_, offset)) unsupported("a constant address expression");
        return (read(gep->getPointerOperand(), View::Unsigned) + numeral(offset, View::Signed)).simplify();
      }
      case llvm::Instruction::PtrToInt:
      case llvm::Instruction::IntToPtr: {
        if (bitsOf(ce) != bitsOf(ce->getOperand(0))) unsupported("a constant pointer conversion of another width");
        return convert(read(ce->getOperand(0), View::Unsigned), bitsOf(ce), View::Unsigned, want);
      }
      default:
        unsupported(std::string("the constant expression '") + ce->getOpcodeName() + "'");
    }
  }

  // Gives `instruction` the value `term`, which is read as `termView`, in a fresh variable of the instruction's
  // own reading.
  smt::Term define(const llvm::Instruction* instruction, const smt::Term& term, View termView) {
    unsigned bits = bitsOf(instruction);
    View view = instruction->getType()->isPointerTy() ? View::Unsigned : viewOf(instruction);
    smt::Term value = convert(term, bits, termView, view);
    smt::Term w = exact(fresh(e_.index_.name(instruction)));
    facts_.push_back(w == value);
    facts_.push_back(e_.index_.rangeOf(instruction, w, bits, view));
    out_.top().set(e_.index_.valueId(instruction), w);
    return w;
  }

  void defineVariable(const llvm::Instruction* instruction, const smt::Term& variable) {
    out_.top().set(e_.index_.valueId(instruction), variable);
  }

  // A value reduced modulo 2^bits into the range of `view` (seed 000's uns_n / sig_n with a fresh quotient).
  smt::Term wrapped(const smt::Term& term, unsigned bits, View view, const std::string& hint) {
    if (provable(rangeOf(term, bits, view))) return term;
    smt::Term quotient = fresh("q");
    smt::Term w = fresh(hint);
    facts_.push_back(w == term - quotient * smt::powerOfTwo(c_, bits));
    facts_.push_back(rangeOf(w, bits, view));
    return w;
  }

  // ---- memory ----------------------------------------------------------------------------------------------
  // An access in words ("a read"), and the pointer it goes through, if any: named in C only when an error says
  // it, since every load and store passes one.
  struct Access {
    const char* words;
    const llvm::Value* through = nullptr;
  };
  std::string describe(const Access& access) const {
    std::string accessed = access.through ? e_.index_.accessedThrough(access.through) : "";
    return accessed.empty() ? access.words : std::string(access.words) + " of " + accessed;
  }

  // The block that holds the `size` bytes from `address` in every represented state; refines the state when
  // that depends on the state, and reports an error when some represented state accesses unallocated memory.
  MemoryBlock containing(const smt::Term& address, const smt::Term& size, Check kind, const Access& access) {
    const auto& blocks = in_.memory->blocks;
    auto inside = [&](const MemoryBlock& b) { return b.lo <= address && address + size - 1 <= b.hi; };
    for (const MemoryBlock& b : blocks)
      if (z3::eq(b.lo, address) && provable(inside(b))) return b;
    smt::Term context = assumptions();
    z3::expr_vector anywhere(c_);
    for (const MemoryBlock& b : blocks) anywhere.push_back(inside(b));
    smt::Term outside = anywhere.empty() ? c_.bool_val(true) : !z3::mk_or(anywhere);
    switch (e_.solver_.satisfiable(context && outside)) {
      case smt::Answer::Yes:
        if (auto element = listElementAt(address, size)) return *element;
        // Split first where it may also be inside, so that the error state itself says how it goes wrong.
        if (e_.solver_.satisfiable(context && !outside) == smt::Answer::Yes) throw SplitRequest{(!outside).simplify()};
        throw ErrorRaised{kind, describe(access) + " may be outside every allocated block"};
      case smt::Answer::Unknown:
        unsupported("the solver cannot decide whether " + describe(access) + " is allocated");
      case smt::Answer::No:
        break;
    }
    // A model names the one block to try. Without one (the solver gave up on it), with mathematical integers,
    // where objects of unbounded size make the models hard, each block is tried. Elsewhere that would cost a query
    // per block at every access for the states with many blocks (a list's elements) that lose the model.
    auto some = e_.solver_.model(context);
    if (!some && !mathematical()) unsupported("the solver cannot decide which block " + describe(access) + " is in");
    for (const MemoryBlock& b : blocks) {
      if (some && !some->eval(inside(b), true).is_true()) continue;
      if (holds(inside(b))) return b;
    }
    throw ErrorRaised{Check::NotModelled, "the solver cannot decide which block " + describe(access) + " is in"};
  }

  // The first element of a list when the `size` bytes from `address` lie in it, taken out of the list as a block of
  // its own (seed 003's traversal): its next pointer is a new value, the start of the rest of the list, one shorter.
  // Of a doubly linked list the last element too, when the bytes lie in it: its link back is a new value, the last
  // element of the rest, which now ends at it. Splits on whether the list is empty when the state does not decide it.
  std::optional<MemoryBlock> listElementAt(const smt::Term& address, const smt::Term& size) {
    for (size_t k = 0; k < out_.memory->lists.size(); ++k) {
      const ListSegment list = out_.memory->lists[k];  // a copy: the lists change below
      smt::Term bytes = c_.int_val(list.elementBytes);
      auto inElement = [&](const smt::Term& element) {
        return provable(element <= address && address + size <= element + bytes);
      };
      const bool atFirst = inElement(list.start);
      if (!atFirst && !(list.back && inElement(list.back->last))) continue;
      smt::Term nonEmpty = list.length >= 1;
      if (!provable(nonEmpty)) {
        if (e_.solver_.satisfiable(assumptions() && nonEmpty) == smt::Answer::No) continue;
        throw SplitRequest{nonEmpty};
      }
      std::erase_if(out_.mutableMemory().lists,
                    [&](const ListSegment& l) { return z3::eq(l.start, list.start) && z3::eq(l.length, list.length); });
      return atFirst ? takeFirstElement(list) : takeLastElement(list);
    }
    return std::nullopt;
  }

  // The element at `at` of `list` as a block of its own, holding `next` and, in a doubly linked list, `previous`.
  MemoryBlock materializeElement(const ListSegment& list, smt::Term at, const smt::Term& next,
                                 const std::optional<smt::Term>& previous,
                                 const std::function<smt::Term(const FieldValues&)>& valueOf) {
    unsigned pointerBits = e_.index_.pointerBits();
    if (!smt::isSymbol(at)) {
      smt::Term element = fresh("element");
      facts_.push_back(element == at);
      at = element;
    }
    addBlock("element", c_.int_val(list.elementBytes), BlockKind::Heap, list.origin, at);
    Memory& memory = out_.mutableMemory();
    smt::Term link = (at + c_.int_val(list.nextOffset)).simplify();
    memory.pointsTo.push_back(PointsTo{link, next, pointerBits, View::Unsigned, at});
    if (previous)
      memory.pointsTo.push_back(
          PointsTo{(at + c_.int_val(list.back->offset)).simplify(), *previous, pointerBits, View::Unsigned, at});
    for (const FieldValues& field : list.fields)
      memory.pointsTo.push_back(
          PointsTo{(at + c_.int_val(field.offset)).simplify(), valueOf(field), field.bits, field.view, at});
    for (const FieldRange& range : list.ranges) {
      smt::Term value =
          mathematical() && range.bits > 1 ? fresh("field") : freshInRange("field", range.bits, range.view);
      if (range.lo) facts_.push_back(value >= c_.int_val(*range.lo));
      if (range.hi) facts_.push_back(value <= c_.int_val(*range.hi));
      memory.pointsTo.push_back(
          PointsTo{(at + c_.int_val(range.offset)).simplify(), value, range.bits, range.view, at});
    }
    for (const OwnedList& owned : list.owned) {
      smt::Term start = freshInRange("owned", pointerBits, View::Unsigned);
      smt::Term length = fresh("length");
      if (owned.maxLength) facts_.push_back(length <= c_.int_val(*owned.maxLength));
      memory.pointsTo.push_back(
          PointsTo{(at + c_.int_val(owned.offset)).simplify(), start, pointerBits, View::Unsigned, at});
      memory.lists.push_back(ListSegment{start, c_.int_val(0), length, owned.elementBytes, owned.nextOffset,
                                         owned.origin, {}, std::nullopt, owned.ranges, {}});
    }
    return memory.blocks.back();
  }

  MemoryBlock takeFirstElement(const ListSegment& list) {
    smt::Term next = freshInRange("next", e_.index_.pointerBits(), View::Unsigned);
    smt::Term rest = fresh("length");
    facts_.push_back(rest == list.length - 1);
    ListSegment tail{next,        list.end,  rest,      list.elementBytes, list.nextOffset,
                     list.origin, list.fields, list.back, list.ranges, list.owned};
    for (size_t f = 0; f < tail.fields.size(); ++f) {
      tail.fields[f].first = fresh("first");
      facts_.push_back(tail.fields[f].first == list.fields[f].first + c_.int_val(list.fields[f].step));
    }
    if (tail.back) tail.back->before = list.start;
    out_.mutableMemory().lists.push_back(tail);
    std::optional<smt::Term> previous;
    if (list.back) previous = list.back->before;
    return materializeElement(list, list.start, next, previous, [](const FieldValues& f) { return f.first; });
  }

  MemoryBlock takeLastElement(const ListSegment& list) {
    smt::Term previous = freshInRange("previous", e_.index_.pointerBits(), View::Unsigned);
    smt::Term rest = fresh("length");
    facts_.push_back(rest == list.length - 1);
    ListSegment front = list;
    front.end = list.back->last;
    front.length = rest;
    front.back->last = previous;
    out_.mutableMemory().lists.push_back(front);
    return materializeElement(list, list.back->last, list.end, previous, [&](const FieldValues& f) {
      smt::Term value = fresh("last");
      facts_.push_back(value == list.last(f));
      return value;
    });
  }

  // Drops what is known about the contents of `block` at the `size` bytes from `address`, before they change.
  void forgetContents(const MemoryBlock& block, const smt::Term& address, const smt::Term& size) {
    Memory& memory = out_.mutableMemory();
    std::vector<PointsTo> kept;
    for (const PointsTo& entry : memory.pointsTo) {
      bool keep = true;
      if (z3::eq(entry.block, block.lo)) {
        smt::Term disjoint = entry.address + int(entry.bits / 8) <= address || address + size <= entry.address;
        keep = provable(disjoint);
      }
      if (keep) kept.push_back(entry);
    }
    memory.pointsTo = std::move(kept);
  }

  void releaseBlock(const smt::Term& lo) {
    Memory& memory = out_.mutableMemory();
    std::erase_if(memory.blocks, [&](const MemoryBlock& b) { return z3::eq(b.lo, lo); });
    std::erase_if(memory.pointsTo, [&](const PointsTo& p) { return z3::eq(p.block, lo); });
  }

  // The size when every represented state has the same one (a wrapper of malloc passes its parameter on), else 0.
  uint64_t constantSize(const smt::Term& size) {
    uint64_t bytes = 0;
    if (size.simplify().is_numeral_u64(bytes)) return bytes;
    auto some = e_.solver_.model(assumptions());
    if (!some) return 0;
    smt::Term value = some->eval(size, true);
    if (value.is_numeral_u64(bytes) && provable(size == value)) return bytes;
    return 0;
  }

  smt::Term addBlock(const std::string& hint, const smt::Term& size, BlockKind kind, const llvm::Value* origin,
                     std::optional<smt::Term> lo = std::nullopt) {
    smt::Term start = lo ? *lo : exact(fresh(hint));
    smt::Term end = exact(fresh(hint + "_end"));
    facts_.push_back(end == start + size - 1);
    MemoryBlock block{start, end, kind, static_cast<unsigned>(out_.frames.size() - 1), origin, false};
    block.bytes = constantSize(size);
    out_.mutableMemory().blocks.push_back(block);
    return start;
  }

  // ---- instructions ----------------------------------------------------------------------------------------
  void execute(const llvm::Instruction& i) {
    using llvm::Instruction;
    switch (i.getOpcode()) {
      case Instruction::Alloca:
        return executeAlloca(llvm::cast<llvm::AllocaInst>(i));
      case Instruction::Load:
        return executeLoad(llvm::cast<llvm::LoadInst>(i));
      case Instruction::Store:
        return executeStore(llvm::cast<llvm::StoreInst>(i));
      case Instruction::GetElementPtr:
        return executeGep(llvm::cast<llvm::GetElementPtrInst>(i));
      case Instruction::ICmp:
        return executeCompare(llvm::cast<llvm::ICmpInst>(i));
      case Instruction::Select: {
        bool chosen = holds(read(i.getOperand(0), View::Unsigned) == 1);
        const llvm::Value* v = i.getOperand(chosen ? 1 : 2);
        View view = i.getType()->isPointerTy() ? View::Unsigned : viewOf(&i);
        define(&i, read(v, view), view);
        return;
      }
      case Instruction::Br:
        return executeBranch(llvm::cast<llvm::BranchInst>(i));
      case Instruction::Switch:
        return executeSwitch(llvm::cast<llvm::SwitchInst>(i));
      case Instruction::Add:
      case Instruction::Sub:
        return executeAddSub(llvm::cast<llvm::BinaryOperator>(i));
      case Instruction::Mul:
        return executeMul(llvm::cast<llvm::BinaryOperator>(i));
      case Instruction::UDiv:
      case Instruction::URem:
      case Instruction::SDiv:
      case Instruction::SRem:
        return executeDivision(llvm::cast<llvm::BinaryOperator>(i));
      case Instruction::Shl:
      case Instruction::LShr:
      case Instruction::AShr:
        return executeShift(llvm::cast<llvm::BinaryOperator>(i));
      case Instruction::And:
      case Instruction::Or:
      case Instruction::Xor:
        return executeBitwise(llvm::cast<llvm::BinaryOperator>(i));
      case Instruction::Trunc:
        return executeTruncation(i);
      case Instruction::ZExt:
        define(&i, read(i.getOperand(0), View::Unsigned), View::Unsigned);
        return;
      case Instruction::SExt:
        define(&i, read(i.getOperand(0), View::Signed), View::Signed);
        return;
      case Instruction::BitCast:
      case Instruction::AddrSpaceCast:
      case Instruction::Freeze: {
        View view = i.getType()->isPointerTy() ? View::Unsigned : viewOf(&i);
        if (mathematical() && i.getType()->isFPOrFPVectorTy() != i.getOperand(0)->getType()->isFPOrFPVectorTy()) {
          defineVariable(&i, freshValue(e_.index_.name(&i), i.getType(), view));  // bits between float and int
          return;
        }
        define(&i, read(i.getOperand(0), view), view);
        return;
      }
      case Instruction::PtrToInt:
      case Instruction::IntToPtr: {
        unsigned bits = bitsOf(&i);
        smt::Term value = read(i.getOperand(0), View::Unsigned);
        if (mathematical())  // an address is a number of the address space; a negative integer names none
          value = keptWhere(value, smt::inUnsignedRange(value, bits), e_.index_.name(&i));
        else if (bits < bitsOf(i.getOperand(0)))
          value = wrapped(value, bits, View::Unsigned, e_.index_.name(&i));
        define(&i, value, View::Unsigned);
        return;
      }
      case Instruction::FAdd:
      case Instruction::FSub:
      case Instruction::FMul:
      case Instruction::FDiv:
      case Instruction::FRem:
      case Instruction::FNeg:
      case Instruction::FPTrunc:
      case Instruction::FPExt:
      case Instruction::SIToFP:
      case Instruction::UIToFP:
      case Instruction::FCmp:
        // Floating point is not modelled: any result is possible, which over-approximates it.
        defineVariable(&i, freshInRange(e_.index_.name(&i), bitsOf(&i), View::Unsigned));
        return;
      case Instruction::Call:
        return executeCall(llvm::cast<llvm::CallInst>(i));
      case Instruction::Ret:
        return executeReturn(llvm::cast<llvm::ReturnInst>(i));
      case Instruction::Unreachable:
        unsupported("an 'unreachable' instruction is executed");
      default:
        unsupported(std::string("the instruction '") + i.getOpcodeName() + "'");
    }
  }

  smt::Term allocationSize(const llvm::AllocaInst& a) {
    uint64_t element = layout_.getTypeAllocSize(a.getAllocatedType());
    smt::Term count = read(a.getArraySize(), View::Unsigned);
    return (count * c_.int_val(static_cast<uint64_t>(element))).simplify();
  }

  static bool hasLifetimeStart(const llvm::Value* pointer) {
    for (const llvm::User* user : pointer->users()) {
      if (auto* intrinsic = llvm::dyn_cast<llvm::IntrinsicInst>(user))
        if (intrinsic->getIntrinsicID() == llvm::Intrinsic::lifetime_start) return true;
      if (llvm::isa<llvm::BitCastInst>(user) && hasLifetimeStart(user)) return true;
    }
    return false;
  }

  void executeAlloca(const llvm::AllocaInst& a) {
    smt::Term size = allocationSize(a);
    if (!holds(size >= 1)) unsupported("a stack allocation of zero bytes");
    std::string hint = e_.index_.name(&a);
    if (hasLifetimeStart(&a)) {
      // The object exists from its lifetime start on; here only its address is chosen.
      smt::Term lo = exact(fresh(hint));
      facts_.push_back(lo >= 1 && lo <= smt::unsignedMax(c_, e_.index_.pointerBits()));
      defineVariable(&a, lo);
      return;
    }
    defineVariable(&a, addBlock(hint, size, BlockKind::Stack, &a));
  }

  // The block of the running frame that an alloca created, if it is live.
  const MemoryBlock* stackBlockOf(const llvm::AllocaInst* alloca) const {
    unsigned frame = static_cast<unsigned>(in_.frames.size() - 1);
    for (const MemoryBlock& b : in_.memory->blocks)
      if (b.kind == BlockKind::Stack && b.frame == frame && b.origin == alloca) return &b;
    return nullptr;
  }

  void executeLoad(const llvm::LoadInst& load) {
    unsigned bits = bitsOf(&load);
    uint64_t bytes = layout_.getTypeStoreSize(load.getType());
    smt::Term address = read(load.getPointerOperand(), View::Unsigned);
    MemoryBlock block = containing(address, c_.int_val(static_cast<uint64_t>(bytes)), Check::InvalidDeref,
                                   Access{"a read", load.getPointerOperand()});
    View view = load.getType()->isPointerTy() ? View::Unsigned : viewOf(&load);
    // A value stored in the other reading is wrapped rather than split on its sign: a loop that reads the same
    // bytes in both readings would otherwise double its paths at every read.
    auto defineFrom = [&](const PointsTo& entry) {
      // With mathematical integers the bytes may hold an integer that is no address.
      if (mathematical() && load.getType()->isPointerTy())
        return define(&load, keptWhere(entry.value, smt::inUnsignedRange(entry.value, bits), e_.index_.name(&load)),
                      entry.view);
      if (entry.view == view || mathematical()) return define(&load, entry.value, entry.view);
      smt::Term sameInBoth = entry.view == View::Signed ? entry.value >= 0 : entry.value <= smt::signedMax(c_, bits);
      if (provable(sameInBoth) || provable(!sameInBoth))
        return define(&load, convert(entry.value, bits, entry.view, view), view);
      return define(&load, wrapped(entry.value, bits, view, e_.index_.name(&load)), view);
    };
    // The output state's contents: an element just taken out of a list has its next pointer there.
    for (const PointsTo& entry : out_.memory->pointsTo)
      if (entry.bits == bits && z3::eq(entry.address, address) && z3::eq(entry.block, block.lo)) {
        defineFrom(entry);
        return;
      }
    // The same location through another pointer value (a pointer loaded again, e.g. from a global).
    for (const PointsTo& entry : out_.memory->pointsTo)
      if (entry.bits == bits && z3::eq(entry.block, block.lo) && provable(entry.address == address)) {
        defineFrom(entry);
        return;
      }
    // What is stored there is a value the program computed: in its range only where the reading bounds it.
    smt::Term w = fresh(e_.index_.name(&load));
    facts_.push_back(e_.index_.rangeOf(&load, w, bits, view));
    defineVariable(&load, w);
    out_.mutableMemory().pointsTo.push_back(PointsTo{address, w, bits, view, block.lo});
  }

  void store(const smt::Term& address, smt::Term value, unsigned bits, View view, uint64_t bytes,
             const Access& access) {
    smt::Term size = c_.int_val(static_cast<uint64_t>(bytes));
    MemoryBlock block = containing(address, size, Check::InvalidDeref, access);
    if (block.readOnly) throw ErrorRaised{Check::InvalidDeref, "a write to constant memory"};
    forgetContents(block, address, size);
    if (!value.is_numeral() && !value.is_const()) {
      smt::Term w = fresh("stored");
      facts_.push_back(w == value);
      value = w;
    }
    out_.mutableMemory().pointsTo.push_back(PointsTo{address, value, bits, view, block.lo});
  }

  void executeStore(const llvm::StoreInst& s) {
    const llvm::Value* v = s.getValueOperand();
    unsigned bits = bitsOf(v);
    View view = View::Unsigned;
    if (!v->getType()->isPointerTy()) {
      if (llvm::isa<llvm::Argument>(v) || llvm::isa<llvm::Instruction>(v))
        view = viewOf(v);
      else if (v->getType()->isIntegerTy() && bits > 8)
        view = View::Signed;
    }
    smt::Term address = read(s.getPointerOperand(), View::Unsigned);
    // With mathematical integers the bits of a floating-point value are no number an integer load could read.
    smt::Term value = mathematical() && v->getType()->isFloatingPointTy() ? fresh("bits") : read(v, view);
    store(address, value, bits, view, layout_.getTypeStoreSize(v->getType()),
          Access{"a write", s.getPointerOperand()});
  }

  void executeGep(const llvm::GetElementPtrInst& gep) {
    if (gep.getType()->isVectorTy()) unsupported("a vector of addresses");
    smt::Term address = read(gep.getPointerOperand(), View::Unsigned);
    for (auto it = llvm::gep_type_begin(gep); it != llvm::gep_type_end(gep); ++it) {
      const llvm::Value* index = it.getOperand();
      if (llvm::StructType* st = it.getStructTypeOrNull()) {
        uint64_t field = llvm::cast<llvm::ConstantInt>(index)->getZExtValue();
        address = address + c_.int_val(static_cast<uint64_t>(layout_.getStructLayout(st)->getElementOffset(field)));
        continue;
      }
      uint64_t element = layout_.getTypeAllocSize(it.getIndexedType());
      // The IR reads an index as a signed number: a constant one is no literal of C whose bits read two ways (C's
      // pointer plus a value beyond the address space, which the bits would also read as, leaves its object).
      auto* constant = llvm::dyn_cast<llvm::ConstantInt>(index);
      const smt::Term offset = constant ? numeral(constant->getValue(), View::Signed) : read(index, View::Signed);
      address = address + offset * c_.int_val(static_cast<uint64_t>(element));
    }
    address = address.simplify();
    require(smt::inUnsignedRange(address, e_.index_.pointerBits()), Check::NotModelled,
            "pointer arithmetic may leave the address space");
    define(&gep, address, View::Unsigned);
  }

  void executeCompare(const llvm::ICmpInst& cmp) {
    using P = llvm::CmpInst::Predicate;
    P p = cmp.getPredicate();
    if (cmp.isEquality() && cmp.getOperand(0)->getType()->isIntegerTy() && !mathematical() &&
        (e_.index_.mayBeUnbounded(cmp.getOperand(0)) || e_.index_.mayBeUnbounded(cmp.getOperand(1))))
      return executeEqualityOfUnbounded(cmp);
    View view = View::Unsigned;
    if (cmp.isSigned()) {
      view = View::Signed;
    } else if (cmp.isEquality() && !cmp.getOperand(0)->getType()->isPointerTy()) {
      for (const llvm::Value* v : cmp.operands())
        if (llvm::isa<llvm::Argument>(v) || llvm::isa<llvm::Instruction>(v)) {
          view = viewOf(v);
          break;
        }
    }
    smt::Term a = read(cmp.getOperand(0), view);
    smt::Term b = read(cmp.getOperand(1), view);
    smt::Term condition = c_.bool_val(true);
    switch (p) {
      case P::ICMP_EQ:
        condition = a == b;
        break;
      case P::ICMP_NE:
        condition = a != b;
        break;
      case P::ICMP_SLT:
      case P::ICMP_ULT:
        condition = a < b;
        break;
      case P::ICMP_SLE:
      case P::ICMP_ULE:
        condition = a <= b;
        break;
      case P::ICMP_SGT:
      case P::ICMP_UGT:
        condition = a > b;
        break;
      case P::ICMP_SGE:
      case P::ICMP_UGE:
        condition = a >= b;
        break;
      default:
        unsupported("a comparison predicate");
    }
    if (cmp.getType()->isVectorTy()) unsupported("a vector comparison");
    define(&cmp, c_.int_val(holds(condition) ? 1 : 0), View::Unsigned);
  }

  // An equality where an operand may lie outside its type's range (unbounded signed arithmetic). The IR does not
  // say whether C compared in a signed type (the mathematical values) or, after a conversion that the IR leaves
  // out, in an unsigned one (their remainders modulo 2^bits): equal values are equal in both readings, values with
  // different remainders in neither, and for the others either result is possible.
  void executeEqualityOfUnbounded(const llvm::ICmpInst& cmp) {
    const unsigned bits = bitsOf(cmp.getOperand(0));
    smt::Term a = read(cmp.getOperand(0), View::Signed), b = read(cmp.getOperand(1), View::Signed);
    const bool wantEqual = cmp.getPredicate() == llvm::CmpInst::ICMP_EQ;
    if (holds(a == b)) {
      define(&cmp, c_.int_val(wantEqual ? 1 : 0), View::Unsigned);
    } else if (!holds(z3::mod(a - b, smt::powerOfTwo(c_, bits)) == 0)) {
      define(&cmp, c_.int_val(wantEqual ? 0 : 1), View::Unsigned);
    } else {
      defineVariable(&cmp, freshInRange(e_.index_.name(&cmp), 1, View::Unsigned));
    }
  }

  void enterBlock(const llvm::BasicBlock* from, const llvm::BasicBlock* to) {
    const llvm::Instruction* branch = user_;
    for (const llvm::PHINode& phi : to->phis()) {
      View view = phi.getType()->isPointerTy() ? View::Unsigned : viewOf(&phi);
      user_ = &phi;
      define(&phi, read(phi.getIncomingValueForBlock(from), view), view);
    }
    user_ = branch;
    next_ = to->getFirstNonPHI();
  }

  void executeBranch(const llvm::BranchInst& br) {
    if (br.isUnconditional()) return enterBlock(br.getParent(), br.getSuccessor(0));
    bool taken = holds(read(br.getCondition(), View::Unsigned) == 1);
    enterBlock(br.getParent(), br.getSuccessor(taken ? 0 : 1));
  }

  void executeSwitch(const llvm::SwitchInst& sw) {
    const llvm::Value* condition = sw.getCondition();
    View view = (llvm::isa<llvm::Argument>(condition) || llvm::isa<llvm::Instruction>(condition)) ? viewOf(condition)
                                                                                                  : View::Unsigned;
    if (e_.index_.mayBeUnbounded(condition) && !mathematical()) return executeSwitchOnUnbounded(sw);
    smt::Term value = read(condition, view);
    for (const auto& c : sw.cases())
      if (holds(value == read(c.getCaseValue(), view)))
        return enterBlock(sw.getParent(), c.getCaseSuccessor());
    enterBlock(sw.getParent(), sw.getDefaultDest());
  }

  // A switch on the mathematical result of signed arithmetic (svcomp) compares numbers, as C's switch on an int
  // does. Where the IR may have left out a conversion of the value to unsigned, a case whose constant differs from
  // the value by a multiple of 2^bits may or may not be taken, as with executeEqualityOfUnbounded: not modelled.
  void executeSwitchOnUnbounded(const llvm::SwitchInst& sw) {
    const llvm::Value* condition = sw.getCondition();
    const bool converted = e_.index_.mayBeConvertedToUnsigned(condition);
    smt::Term value = read(condition, View::Signed);
    for (const auto& c : sw.cases()) {
      smt::Term constant = read(c.getCaseValue(), View::Signed);
      if (holds(value == constant)) return enterBlock(sw.getParent(), c.getCaseSuccessor());
      if (converted && holds(z3::mod(value - constant, smt::powerOfTwo(c_, bitsOf(condition))) == 0))
        unsupported("a switch on a value that may lie outside its type's range, converted to unsigned");
    }
    enterBlock(sw.getParent(), sw.getDefaultDest());
  }

  // The C type of an addition, subtraction or multiplication: signed where clang marks it `nsw`, else unsigned,
  // except for a pointer difference, whose reading is its own.
  View arithmeticView(const llvm::BinaryOperator& op) const {
    if (op.hasNoSignedWrap()) return View::Signed;
    return frontend::isUnsignedArithmetic(op) ? View::Unsigned : viewOf(&op);
  }

  // With mathematical integers, an addition, subtraction or multiplication is exact in either signedness. Narrower
  // than int it is `c++` on a char, which C converts back to the char: the value must stay where the char holds it.
  void executeExactArithmetic(const llvm::BinaryOperator& op) {
    const View view = arithmeticView(op);
    const unsigned bits = bitsOf(&op);
    smt::Term a = read(op.getOperand(0), view), b = read(op.getOperand(1), view);
    smt::Term exact = op.getOpcode() == llvm::Instruction::Add   ? a + b
                      : op.getOpcode() == llvm::Instruction::Sub ? a - b
                                                                 : (a * b).simplify();
    define(&op, bits < kIntBits ? narrowValue(exact, bits, e_.index_.name(&op)) : exact, view);
  }

  void executeAddSub(const llvm::BinaryOperator& op) {
    if (mathematical()) return executeExactArithmetic(op);
    bool add = op.getOpcode() == llvm::Instruction::Add;
    unsigned bits = bitsOf(&op);
    smt::Term modulus = smt::powerOfTwo(c_, bits);
    if (op.hasNoUnsignedWrap()) {
      smt::Term a = read(op.getOperand(0), View::Unsigned), b = read(op.getOperand(1), View::Unsigned);
      require(smt::inUnsignedRange(add ? a + b : a - b, bits), Check::OtherUndefined, "unsigned overflow of 'nuw'");
    }
    if (op.hasNoSignedWrap()) {
      smt::Term a = read(op.getOperand(0), View::Signed), b = read(op.getOperand(1), View::Signed);
      smt::Term s = add ? a + b : a - b;
      requireInSignedRange(s, bits, std::string("the signed ") + (add ? "addition" : "subtraction") + " may overflow");
      define(&op, s, View::Signed);
      return;
    }
    View view = viewOf(&op);
    smt::Term a = read(op.getOperand(0), view), b = read(op.getOperand(1), view);
    smt::Term s = add ? a + b : a - b;
    // An operand that may lie outside its range (unbounded signed arithmetic) may be more than one modulus off.
    if (e_.index_.mayBeUnbounded(op.getOperand(0)) || e_.index_.mayBeUnbounded(op.getOperand(1))) {
      define(&op, wrapped(s, bits, view, e_.index_.name(&op)), view);
      return;
    }
    if (view == View::Unsigned) {
      if (add)
        define(&op, holds(s <= smt::unsignedMax(c_, bits)) ? s : s - modulus, view);
      else
        define(&op, holds(s >= 0) ? s : s + modulus, view);
      return;
    }
    if (holds(s > smt::signedMax(c_, bits)))
      define(&op, s - modulus, view);
    else if (holds(s < smt::signedMin(c_, bits)))
      define(&op, s + modulus, view);
    else
      define(&op, s, view);
  }

  void executeMul(const llvm::BinaryOperator& op) {
    if (mathematical()) return executeExactArithmetic(op);
    unsigned bits = bitsOf(&op);
    View view = op.hasNoSignedWrap() ? View::Signed : viewOf(&op);
    smt::Term a = read(op.getOperand(0), view), b = read(op.getOperand(1), view);
    smt::Term product = (a * b).simplify();
    if (op.hasNoUnsignedWrap()) {
      smt::Term au = read(op.getOperand(0), View::Unsigned), bu = read(op.getOperand(1), View::Unsigned);
      require(smt::inUnsignedRange(au * bu, bits), Check::OtherUndefined, "unsigned overflow of 'nuw'");
    }
    if (op.hasNoSignedWrap()) {
      requireInSignedRange(product, bits, "the signed multiplication may overflow");
      define(&op, product, View::Signed);
      return;
    }
    define(&op, wrapped(product, bits, view, e_.index_.name(&op)), view);
  }

  void executeDivision(const llvm::BinaryOperator& op) {
    unsigned bits = bitsOf(&op);
    bool isSigned = op.getOpcode() == llvm::Instruction::SDiv || op.getOpcode() == llvm::Instruction::SRem;
    bool remainder = op.getOpcode() == llvm::Instruction::URem || op.getOpcode() == llvm::Instruction::SRem;
    View view = isSigned ? View::Signed : View::Unsigned;
    smt::Term a = read(op.getOperand(0), view), b = read(op.getOperand(1), view);
    require(b != 0, Check::DivisionByZero, "a division by zero");
    // Unbounded signed arithmetic: INT_MIN / -1 is -INT_MIN, INT_MIN % -1 is 0 (the facts below say both).
    if (isSigned && !e_.index_.signedUnbounded())
      require(!(a == smt::signedMin(c_, bits) && b == -1), remainder ? Check::RemainderOverflow : Check::SignedOverflow,
              remainder ? "INT_MIN % -1 is undefined" : "INT_MIN / -1 overflows");
    smt::Term q = fresh("quotient");
    smt::Term r = fresh("remainder");
    facts_.push_back(a == b * q + r);
    if (!isSigned && !mathematical()) {
      facts_.push_back(r >= 0 && r < b && q >= 0 && q <= a);
    } else {
      // With mathematical integers an unsigned operand may be negative (a conversion kept it): the division still
      // truncates towards zero.
      // C division truncates towards zero: the remainder has the dividend's sign and is smaller than |b|. By a
      // constant (x / 2), the dividend's sign is split on so that the facts are linear and without disjunctions,
      // which the termination proof can use.
      int64_t divisor = 0;
      if (smt::numeralValue(b.simplify(), divisor) && divisor != 0) {
        facts_.push_back(holds(a >= 0) ? r >= 0 : r <= 0);
        smt::Term magnitude = c_.int_val(divisor > 0 ? divisor : -divisor);
        facts_.push_back(r < magnitude && r > -magnitude);
      } else {
        facts_.push_back(z3::implies(a >= 0, r >= 0) && z3::implies(a < 0, r <= 0));
        facts_.push_back(z3::implies(b > 0, r < b && r > -b) && z3::implies(b < 0, r < -b && r > b));
      }
      facts_.push_back(e_.index_.rangeOf(&op, q, bits, View::Signed));
    }
    // The quotient's size in linear terms where the signs are known (x / y < x for y >= 2: a ranking argument).
    if (!remainder && provable(a >= 0) && provable(b >= 1)) {
      facts_.push_back(q >= 0 && q <= a);
      if (provable(b >= 2)) facts_.push_back(2 * q <= a);
    }
    define(&op, remainder ? r : q, view);
  }

  void executeShift(const llvm::BinaryOperator& op) {
    unsigned bits = bitsOf(&op);
    smt::Term amount = read(op.getOperand(1), View::Unsigned);
    // With mathematical integers a negative amount stays negative, where C reads its bits as a large one.
    smt::Term inRange = amount < static_cast<int>(bits);
    require(mathematical() ? amount >= 0 && inRange : inRange, Check::InvalidShift,
            "a shift by at least the width of the type");
    int64_t k = 0;
    bool constant = smt::numeralValue(amount.simplify(), k);
    std::string hint = e_.index_.name(&op);
    switch (op.getOpcode()) {
      case llvm::Instruction::Shl: {
        if (!constant) {
          if (op.hasNoSignedWrap() || op.hasNoUnsignedWrap()) unsupported("a flagged shift by a variable amount");
          defineVariable(&op, mathematical() ? fresh(hint) : freshInRange(hint, bits, viewOf(&op)));
          return;
        }
        View view = op.hasNoSignedWrap() ? View::Signed : viewOf(&op);
        smt::Term product = read(op.getOperand(0), view) * smt::powerOfTwo(c_, static_cast<unsigned>(k));
        if (op.hasNoSignedWrap()) {
          requireInSignedRange(product, bits, "the signed shift may overflow");
          define(&op, product, View::Signed);
          return;
        }
        if (op.hasNoUnsignedWrap()) unsupported("a 'nuw' shift");
        define(&op, mathematical() ? product : wrapped(product, bits, view, hint), view);
        return;
      }
      case llvm::Instruction::LShr:
      case llvm::Instruction::AShr: {
        if (op.isExact()) unsupported("an 'exact' shift");
        View view = op.getOpcode() == llvm::Instruction::AShr ? View::Signed : View::Unsigned;
        smt::Term a = read(op.getOperand(0), view);
        if (!constant) {
          if (mathematical()) {
            // a / 2^amount rounded down lies between a and 0 (-1 for a negative a).
            smt::Term w = fresh(hint);
            facts_.push_back(z3::implies(a >= 0, w >= 0 && w <= a) && z3::implies(a < 0, w >= a && w <= -1));
            define(&op, w, view);
            return;
          }
          smt::Term w = e_.index_.mayBeUnbounded(op.getOperand(0)) ? fresh(hint) : freshInRange(hint, bits, view);
          if (view == View::Unsigned) facts_.push_back(w <= a);
          define(&op, w, view);
          return;
        }
        smt::Term divisor = smt::powerOfTwo(c_, static_cast<unsigned>(k));
        smt::Term q = fresh(hint);
        smt::Term r = fresh("r");
        facts_.push_back(a == divisor * q + r && r >= 0 && r < divisor);
        define(&op, q, view);
        return;
      }
      default:
        unsupported("a shift");
    }
  }

  // C keeps the low bits. With mathematical integers the value is kept where the narrower type holds it in either
  // signedness; beyond, the reading gives nothing (common/checks.h).
  void executeTruncation(const llvm::Instruction& i) {
    View view = viewOf(&i);
    unsigned bits = bitsOf(&i);
    smt::Term value = read(i.getOperand(0), view);
    if (!mathematical()) {
      define(&i, wrapped(value, bits, view, e_.index_.name(&i)), view);
      return;
    }
    define(&i, narrowValue(value, bits, e_.index_.name(&i)), view);
  }

  // With mathematical integers, a value C keeps in `bits` is the same number where that type holds it in either
  // signedness.
  smt::Term narrowValue(const smt::Term& value, unsigned bits, const std::string& hint) {
    smt::Term lowest = bits == 1 ? c_.int_val(0) : smt::signedMin(c_, bits);
    return keptWhere(value, value >= lowest && value <= smt::unsignedMax(c_, bits), hint);
  }

  // `value` where `defined` holds. Beyond, the reading gives nothing (common/checks.h), and any value stands for the
  // result: a proof then holds whatever C or another implementation makes of it, and since the value is not one a
  // rule defines exactly, no refutation rests on it (recurrence.h).
  smt::Term keptWhere(const smt::Term& value, const smt::Term& defined, const std::string& hint) {
    if (provable(defined)) return value;
    smt::Term any = fresh(hint);
    facts_.push_back(z3::implies(defined, any == value));
    return any;
  }

  // The facts that tie the result `w` of a bitwise operation to its operands: on operands of `bits` bits (C's), and,
  // where `withinWidth` is false, on operands >= 0 of any size (the infinite two's complement).
  void bitwiseFacts(unsigned opcode, unsigned bits, const smt::Term& a, const smt::Term& b, const smt::Term& w,
                    bool withinWidth) {
    if (bits == 1) {
      if (opcode == llvm::Instruction::And)
        facts_.push_back(w <= a && w <= b && w >= a + b - 1);
      else if (opcode == llvm::Instruction::Or)
        facts_.push_back(w >= a && w >= b && w <= a + b);
      else
        facts_.push_back(w >= a - b && w >= b - a && w <= a + b && w <= 2 - a - b);
      return;
    }
    if (opcode == llvm::Instruction::And) {
      unsigned k = 0;
      const smt::Term* mask = isPowerOfTwoMinusOne(b, k) ? &b : isPowerOfTwoMinusOne(a, k) ? &a : nullptr;
      if (mask) {
        const smt::Term& other = mask == &b ? a : b;
        smt::Term q = fresh("q");
        facts_.push_back(other == smt::powerOfTwo(c_, k) * q + w && w < smt::powerOfTwo(c_, k));
      } else {
        facts_.push_back(w <= a && w <= b);
      }
    } else if (opcode == llvm::Instruction::Or) {
      facts_.push_back(w >= a && w >= b && w <= a + b);
    } else {
      smt::Term all = smt::unsignedMax(c_, bits);
      if (withinWidth && b.is_numeral() && z3::eq(b, all))
        facts_.push_back(w == all - a);
      else if (withinWidth && a.is_numeral() && z3::eq(a, all))
        facts_.push_back(w == all - b);
      else
        facts_.push_back(w <= a + b);
    }
    if (opcode != llvm::Instruction::And) {
      // Or and xor set the sign bit only if an operand has it: without this, their result read as signed could be
      // negative whatever the operands (b | (b + 1) for b >= 0).
      smt::Term signBitClear = smt::signedMax(c_, bits);
      facts_.push_back(z3::implies(a <= signBitClear && b <= signBitClear, w <= signBitClear));
    }
  }

  void executeBitwise(const llvm::BinaryOperator& op) {
    if (mathematical()) return executeBitwiseExactly(op);
    unsigned bits = bitsOf(&op);
    // The result of a bitwise operation on ints is an int: C converts the operands only where it reads the result
    // as unsigned.
    smt::Term a = read(op.getOperand(0), View::Unsigned), b = read(op.getOperand(1), View::Unsigned);
    smt::Term w = freshInRange(e_.index_.name(&op), bits, View::Unsigned);
    bitwiseFacts(op.getOpcode(), bits, a, b, w, true);
    if (viewOf(&op) == View::Unsigned)
      defineVariable(&op, w);
    else
      define(&op, w, View::Unsigned);
  }

  // With mathematical integers a bitwise operation acts on the infinite two's complement representation. On
  // operands >= 0 the facts of C's encoding hold without the width's bound; on operands in the signed range C's
  // result, read as signed, is the mathematical one; elsewhere the result is any integer.
  void executeBitwiseExactly(const llvm::BinaryOperator& op) {
    const unsigned bits = bitsOf(&op);
    const View view = viewOf(&op);
    smt::Term a = read(op.getOperand(0), view), b = read(op.getOperand(1), view);
    const std::string hint = e_.index_.name(&op);
    if (bits == 1 || provable(a >= 0 && b >= 0)) {
      smt::Term all = smt::unsignedMax(c_, bits);
      const bool withinWidth = provable(a <= all && b <= all);
      smt::Term w = withinWidth ? freshInRange(hint, bits, View::Unsigned) : fresh(hint);
      if (!withinWidth) facts_.push_back(w >= 0);
      bitwiseFacts(op.getOpcode(), bits, a, b, w, withinWidth);
      define(&op, w, View::Unsigned);
      return;
    }
    if (provable(smt::inSignedRange(a, bits) && smt::inSignedRange(b, bits))) {
      smt::Term modulus = smt::powerOfTwo(c_, bits);
      smt::Term bitsOfA = holds(a >= 0) ? a : (a + modulus).simplify();
      smt::Term bitsOfB = holds(b >= 0) ? b : (b + modulus).simplify();
      smt::Term w = freshInRange(hint, bits, View::Unsigned);
      bitwiseFacts(op.getOpcode(), bits, bitsOfA, bitsOfB, w, true);
      define(&op, holds(w <= smt::signedMax(c_, bits)) ? w : w - modulus, View::Signed);
      return;
    }
    defineVariable(&op, fresh(hint));
  }

  // ---- calls -----------------------------------------------------------------------------------------------
  void executeCall(const llvm::CallInst& call) {
    const llvm::Function* callee = llvm::dyn_cast<llvm::Function>(call.getCalledOperand()->stripPointerCasts());
    if (!callee) callee = &pointedToFunction(call);
    if (callee->isIntrinsic()) return executeIntrinsic(call, *callee);
    // reach_error and the nondet functions mean what SV-COMP says even where the program defines them (as the
    // interpreter does); other functions the program defines run their own bodies.
    auto kind = frontend::classifyFunction(callee->getName());
    bool environment = kind == frontend::EnvFunction::ReachError || kind == frontend::EnvFunction::Nondet;
    if (!callee->isDeclaration() && !environment) return enterFunction(call, *callee);
    executeEnvironment(call, *callee);
  }

  // The function a call through a pointer calls: the one whose address the pointer provably holds (a callback
  // passed down as a constant). Where the state does not decide it, the call is not modelled.
  const llvm::Function& pointedToFunction(const llvm::CallInst& call) {
    smt::Term pointer = read(call.getCalledOperand(), View::Unsigned);
    for (const llvm::Function& f : e_.module_) {
      auto address = e_.globalAddresses_.find(&f);
      if (address == e_.globalAddresses_.end() || f.arg_size() != call.arg_size()) continue;
      if (provable(pointer == address->second)) return f;
    }
    unsupported("a call through a function pointer whose target the state does not determine");
  }

  void enterFunction(const llvm::CallInst& call, const llvm::Function& callee) {
    // Other recursive calls are the graph's to abstract (graph.h); a call of main would end the program at its
    // return.
    if (callee.getName() == "main") unsupported("recursion (main)");
    if (in_.frames.size() >= kMaxCallDepth) unsupported("calls nested too deeply");
    if (callee.isVarArg()) unsupported("a variadic function");
    if (call.arg_size() < callee.arg_size()) unsupported("a call with fewer arguments than parameters");
    Frame frame;
    frame.function = &callee;
    frame.next = &*callee.getEntryBlock().getFirstInsertionPt();
    for (const llvm::Argument& formal : callee.args()) {
      View view = formal.getType()->isPointerTy() ? View::Unsigned : viewOf(&formal);
      smt::Term actual = read(call.getArgOperand(formal.getArgNo()), view);
      smt::Term w = exact(fresh(e_.index_.name(&formal)));
      facts_.push_back(w == actual);
      facts_.push_back(e_.index_.rangeOf(&formal, w, bitsOf(&formal), view));
      frame.set(e_.index_.valueId(&formal), w);
    }
    out_.frames.push_back(std::move(frame));
    framesChanged_ = true;
  }

  void executeReturn(const llvm::ReturnInst& ret) {
    if (in_.frames.size() == 1) throw EndRaised{EndKind::Return};
    std::optional<smt::Term> value;
    const llvm::Value* returned = ret.getReturnValue();
    const auto* call = llvm::cast<llvm::CallInst>(in_.frames[in_.frames.size() - 2].next);
    View view = View::Unsigned;
    if (returned) {
      view = returned->getType()->isPointerTy() ? View::Unsigned : viewOf(call);
      value = read(returned, view);
    }
    unsigned frame = static_cast<unsigned>(in_.frames.size() - 1);
    for (const MemoryBlock& b : in_.memory->blocks)
      if (b.kind == BlockKind::Stack && b.frame == frame) releaseBlock(b.lo);
    out_.frames.pop_back();
    if (value) define(call, *value, view);
    out_.top().next = call->getNextNode();
    framesChanged_ = true;
  }

  void executeIntrinsic(const llvm::CallInst& call, const llvm::Function& callee) {
    switch (callee.getIntrinsicID()) {
      case llvm::Intrinsic::dbg_declare:
      case llvm::Intrinsic::dbg_value:
      case llvm::Intrinsic::dbg_label:
        return;
      case llvm::Intrinsic::lifetime_start: {
        auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(call.getArgOperand(1)->stripPointerCasts());
        if (!alloca) unsupported("a lifetime marker of an unknown object");
        if (!stackBlockOf(alloca)) {
          const Local* local = in_.top().find(e_.index_.valueId(alloca));
          smt::Term lo = local ? local->value : read(call.getArgOperand(1), View::Unsigned);
          if (!lo.is_const()) unsupported("a lifetime marker of an unknown object");
          addBlock(e_.index_.name(alloca), allocationSize(*alloca), BlockKind::Stack, alloca, lo);
        }
        return;
      }
      case llvm::Intrinsic::lifetime_end: {
        auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(call.getArgOperand(1)->stripPointerCasts());
        if (!alloca) unsupported("a lifetime marker of an unknown object");
        if (const MemoryBlock* block = stackBlockOf(alloca)) releaseBlock(block->lo);
        return;
      }
      case llvm::Intrinsic::memset:
        return executeMemset(call);
      case llvm::Intrinsic::memcpy:
      case llvm::Intrinsic::memmove:
        return executeMemcpy(call);
      case llvm::Intrinsic::ubsantrap:
        throw ErrorRaised{Check::SignedOverflow, "a left shift of a signed value may overflow"};
      case llvm::Intrinsic::expect: {
        View view = viewOf(&call);
        define(&call, read(call.getArgOperand(0), view), view);
        return;
      }
      default:
        unsupported("the intrinsic '" + callee.getName().str() + "'");
    }
  }

  // The number of bytes a library function reads or writes: a size_t. With mathematical integers a negative int
  // passed for it stays negative (C reads a large one) and names no number of bytes.
  smt::Term byteCount(const llvm::Value* v) {
    smt::Term size = read(v, View::Unsigned);
    if (mathematical()) require(size >= 0, Check::WrapAround, "a size that may be negative is passed for a size_t");
    return size;
  }

  void executeMemset(const llvm::CallInst& call) {
    smt::Term destination = read(call.getArgOperand(0), View::Unsigned);
    smt::Term size = byteCount(call.getArgOperand(2));
    if (!holds(size == 0)) {
      MemoryBlock block = containing(destination, size, Check::InvalidDeref, Access{"the memory memset writes"});
      if (block.readOnly) throw ErrorRaised{Check::InvalidDeref, "a write to constant memory"};
      forgetContents(block, destination, size);
    }
    if (!call.getType()->isVoidTy()) define(&call, destination, View::Unsigned);
  }

  void executeMemcpy(const llvm::CallInst& call) {
    smt::Term destination = read(call.getArgOperand(0), View::Unsigned);
    smt::Term source = read(call.getArgOperand(1), View::Unsigned);
    smt::Term size = byteCount(call.getArgOperand(2));
    if (!holds(size == 0)) {
      containing(source, size, Check::InvalidDeref, Access{"the memory memcpy reads"});
      MemoryBlock block = containing(destination, size, Check::InvalidDeref, Access{"the memory memcpy writes"});
      if (block.readOnly) throw ErrorRaised{Check::InvalidDeref, "a write to constant memory"};
      forgetContents(block, destination, size);
    }
    if (!call.getType()->isVoidTy()) define(&call, destination, View::Unsigned);
  }

  void executeEnvironment(const llvm::CallInst& call, const llvm::Function& callee) {
    using frontend::EnvFunction;
    std::string name = callee.getName().str();
    switch (frontend::classifyFunction(name)) {
      case EnvFunction::Nondet: {
        if (call.getType()->isVoidTy()) return;
        unsigned bits = bitsOf(&call);
        View view = call.getType()->isPointerTy() ? View::Unsigned : viewOf(&call);
        smt::Term w = exact(freshValue(e_.index_.name(&call), call.getType(), view));
        auto type = frontend::nondetType(
            callee, e_.index_.pointerBits() == 32 ? frontend::DataModel::ILP32 : frontend::DataModel::LP64);
        if (type && type->kind == frontend::NondetKind::Bool) facts_.push_back(w >= 0 && w <= 1);
        // Mathematical integers: any integer of a signed type, any integer >= 0 of an unsigned one.
        if (mathematical() && type && type->kind == frontend::NondetKind::Integer && !type->isSigned)
          facts_.push_back(w >= 0);
        defineVariable(&call, w);
        if (call.getType()->isPointerTy()) out_.inputsKnown = false;
        out_.inputs = std::make_shared<InputTrail>(InputTrail{out_.inputs, w, bits, view});
        return;
      }
      case EnvFunction::Assume: {
        smt::Term condition = read(call.getArgOperand(0), View::Unsigned) != 0;
        if (e_.solver_.satisfiable(assumptions() && condition) == smt::Answer::No) throw InfeasibleRaised{};
        facts_.push_back(condition);
        return;
      }
      case EnvFunction::ReachError:
        throw ErrorRaised{frontend::reachErrorEnds(callee) ? Check::ReachError : Check::ReachErrorReturns,
                          "reach_error() may be called"};
      case EnvFunction::Abort:
      case EnvFunction::AssertFail:
        throw EndRaised{EndKind::Abort};
      case EnvFunction::Exit:
        throw EndRaised{EndKind::Exit};
      case EnvFunction::Malloc:
      case EnvFunction::Calloc: {
        smt::Term size = byteCount(call.getArgOperand(0));
        if (call.arg_size() == 2) size = (size * byteCount(call.getArgOperand(1))).simplify();
        if (!holds(size >= 1)) unsupported("an allocation of zero bytes");
        // Allocations succeed (seed 002's model of malloc never returns NULL), so an execution asks for no more than
        // the address space holds. Only mathematical integers can ask for more: such executions are not the model's.
        if (!holds(size <= smt::unsignedMax(c_, e_.index_.pointerBits()))) {
          if (!mathematical()) unsupported("an allocation larger than the address space");
          facts_.push_back(size <= smt::unsignedMax(c_, e_.index_.pointerBits()));
        }
        defineVariable(&call, addBlock(e_.index_.name(&call), size, BlockKind::Heap, &call));
        return;
      }
      case EnvFunction::Free:
        return executeFree(call);
      case EnvFunction::Memset:
        return executeMemset(call);
      case EnvFunction::Memcpy:
      case EnvFunction::Memmove:
        return executeMemcpy(call);
      case EnvFunction::Abs:
      case EnvFunction::Labs:
      case EnvFunction::LLabs: {
        unsigned bits = bitsOf(&call);
        smt::Term a = read(call.getArgOperand(0), View::Signed);
        if (!e_.index_.signedUnbounded())
          require(a != smt::signedMin(c_, bits), Check::SignedOverflow, "abs of the most negative value overflows");
        define(&call, holds(a >= 0) ? a : -a, View::Signed);
        return;
      }
      case EnvFunction::Printf:
        for (unsigned k = 1; k < call.arg_size(); ++k)
          if (call.getArgOperand(k)->getType()->isPointerTy()) unsupported("printf of memory contents");
        [[fallthrough]];
      case EnvFunction::Putchar:
      case EnvFunction::Sqrt:
      case EnvFunction::Fabs:
        if (!call.getType()->isVoidTy()) defineVariable(&call, freshValue(e_.index_.name(&call), call.getType(), viewOf(&call)));
        return;
      case EnvFunction::NoEffect:
        return;
      default:
        unsupported("a call to '" + name + "', which the symbolic execution does not model");
    }
  }

  void executeFree(const llvm::CallInst& call) {
    smt::Term pointer = read(call.getArgOperand(0), View::Unsigned);
    if (holds(pointer == 0)) return;
    for (const MemoryBlock& b : in_.memory->blocks)
      if (b.kind == BlockKind::Heap && z3::eq(b.lo, pointer)) return releaseBlock(b.lo);
    for (const MemoryBlock& b : in_.memory->blocks)
      if (b.kind == BlockKind::Heap && provable(b.lo == pointer)) return releaseBlock(b.lo);
    smt::Term context = assumptions();
    for (const MemoryBlock& b : in_.memory->blocks)
      if (b.kind == BlockKind::Heap && e_.solver_.satisfiable(context && b.lo == pointer) != smt::Answer::No)
        throw SplitRequest{(b.lo == pointer).simplify()};
    throw ErrorRaised{Check::InvalidFree, "free() of a pointer that may not be the start of a live heap block"};
  }

  Executor& e_;
  z3::context& c_;
  const State& in_;
  State out_;
  const llvm::DataLayout& layout_;
  std::vector<smt::Term> facts_;
  const llvm::Instruction* next_ = nullptr;
  const llvm::Instruction* user_ = nullptr;  // the instruction whose operands are read (Step::literal)
  bool framesChanged_ = false;
  unsigned long long base_ = 0;
  unsigned used_ = 0;
};

Executor::Executor(z3::context& context, smt::Solver& solver, const ProgramIndex& index, const llvm::Module& module)
    : context_(context), solver_(solver), index_(index), module_(module), scopesBelow_(solver.depth()) {}

smt::Term Executor::fresh(const std::string& hint) {
  return context_.int_const((sanitize(hint) + "_" + std::to_string(nextVariable_++)).c_str());
}

namespace {

struct InitialScalar {
  uint64_t offset;
  const llvm::Constant* value;
};

// The scalars of a constant initializer with their byte offsets; false when there are too many to list.
bool flattenInitializer(const llvm::DataLayout& layout, const llvm::Constant* c, uint64_t offset,
                        std::vector<InitialScalar>& out) {
  if (out.size() > kMaxInitializedScalars) return false;
  llvm::Type* type = c->getType();
  if (type->isIntegerTy() || type->isPointerTy() || type->isFloatingPointTy()) {
    out.push_back({offset, c});
    return true;
  }
  if (auto* st = llvm::dyn_cast<llvm::StructType>(type)) {
    const llvm::StructLayout* sl = layout.getStructLayout(st);
    for (unsigned k = 0; k < st->getNumElements(); ++k)
      if (!flattenInitializer(layout, c->getAggregateElement(k), offset + sl->getElementOffset(k), out)) return false;
    return true;
  }
  if (auto* at = llvm::dyn_cast<llvm::ArrayType>(type)) {
    uint64_t element = layout.getTypeAllocSize(at->getElementType());
    if (at->getNumElements() > kMaxInitializedScalars) return false;
    for (unsigned k = 0; k < at->getNumElements(); ++k)
      if (!flattenInitializer(layout, c->getAggregateElement(k), offset + k * element, out)) return false;
    return true;
  }
  return false;
}

}  // namespace

State Executor::initialState(const llvm::Function& main) {
  State state;
  state.memory = std::make_shared<Memory>();
  Frame frame;
  frame.function = &main;
  frame.next = &*main.getEntryBlock().getFirstInsertionPt();
  state.frames.push_back(frame);
  std::vector<smt::Term> facts;
  const llvm::DataLayout& layout = index_.layout();
  smt::Term maxAddress = smt::unsignedMax(context_, index_.pointerBits());

  for (const llvm::Function& f : module_) {
    if (!f.hasAddressTaken()) continue;
    smt::Term address = fresh("fn_" + f.getName().str());
    exact_.insert(address.decl().name().str());
    facts.push_back(address >= 1 && address <= maxAddress);
    globalAddresses_.emplace(&f, address);
    runConstants_.push_back(address);
  }
  Memory& memory = state.mutableMemory();
  for (const llvm::GlobalVariable& g : module_.globals()) {
    smt::Term lo = fresh("g_" + g.getName().str());
    exact_.insert(lo.decl().name().str());
    globalAddresses_.emplace(&g, lo);
    runConstants_.push_back(lo);
    llvm::Type* type = g.getValueType();
    if (!type->isSized() || layout.getTypeAllocSize(type) == 0) {
      facts.push_back(lo >= 1 && lo <= maxAddress);
      continue;
    }
    smt::Term hi = fresh("g_" + g.getName().str() + "_end");
    exact_.insert(hi.decl().name().str());
    runConstants_.push_back(hi);
    facts.push_back(hi == lo + context_.int_val(static_cast<uint64_t>(layout.getTypeAllocSize(type))) - 1);
    MemoryBlock block{lo, hi, BlockKind::Global, 0, &g, g.isConstant()};
    memory.blocks.push_back(block);
  }
  // Initial contents, now that every global has an address.
  for (const llvm::GlobalVariable& g : module_.globals()) {
    if (!g.hasInitializer() || !g.getValueType()->isSized()) continue;
    std::vector<InitialScalar> scalars;
    if (!flattenInitializer(layout, g.getInitializer(), 0, scalars)) continue;
    smt::Term lo = globalAddresses_.at(&g);
    for (const InitialScalar& s : scalars) {
      unsigned bits = index_.bits(s.value->getType());
      View view = s.value->getType()->isIntegerTy() && bits > 8 ? View::Signed : View::Unsigned;
      smt::Term value = context_.int_val(0);
      if (auto* ci = llvm::dyn_cast<llvm::ConstantInt>(s.value)) {
        if (bits > 64) continue;
        value = view == View::Signed ? context_.int_val(static_cast<int64_t>(ci->getSExtValue()))
                                     : context_.int_val(static_cast<uint64_t>(ci->getZExtValue()));
        if (index_.typesUnbounded() && bits > 1 && ci->isNegative()) {
          // With mathematical integers these bits are either number (Step::literal).
          smt::Term w = fresh("init");
          facts.push_back(w == context_.int_val(static_cast<int64_t>(ci->getSExtValue())) ||
                          w == context_.int_val(static_cast<uint64_t>(ci->getZExtValue())));
          value = w;
        }
      } else if (llvm::isa<llvm::ConstantPointerNull>(s.value) || llvm::isa<llvm::ConstantAggregateZero>(s.value)) {
        value = context_.int_val(0);
      } else if (auto* gv = llvm::dyn_cast<llvm::GlobalValue>(s.value)) {
        value = globalAddresses_.at(gv);
      } else if (auto* ce = llvm::dyn_cast<llvm::ConstantExpr>(s.value);
                 ce && ce->getOpcode() == llvm::Instruction::GetElementPtr) {
        auto* gep = llvm::cast<llvm::GEPOperator>(ce);
        llvm::APInt offset(index_.pointerBits(), 0);
        auto* base = llvm::dyn_cast<llvm::GlobalValue>(gep->getPointerOperand()->stripPointerCasts());
        if (!base || !gep->accumulateConstantOffset(layout, offset)) continue;
        smt::Term w = fresh("init");
        exact_.insert(w.decl().name().str());
        facts.push_back(w == globalAddresses_.at(base) + context_.int_val(static_cast<int64_t>(offset.getSExtValue())));
        value = w;
      } else {
        continue;
      }
      memory.pointsTo.push_back(
          PointsTo{(lo + context_.int_val(static_cast<uint64_t>(s.offset))).simplify(), value, bits, view, lo});
    }
  }
  for (const llvm::Argument& a : main.args()) {
    unsigned bits = index_.bits(a.getType());
    if (bits == 0) continue;
    View view = a.getType()->isPointerTy() ? View::Unsigned : index_.view(&a);
    smt::Term w = fresh(index_.name(&a));
    facts.push_back(index_.rangeOf(&a, w, bits, view));
    state.frames.back().set(index_.valueId(&a), w);
  }
  state.addFacts(std::move(facts));
  return state;
}

std::vector<smt::Term> Executor::formula(const State& state) {
  return formulaOf(context_, state, index_.pointerBits(), index_.integers());
}

void Executor::sync(const State& state) {
  assert(solver_.depth() == scopesBelow_ + pushed_.size() + (pushedMemory_ ? 1 : 0) &&
         "only sync pushes and pops the executor's solver between steps");
  assert(state.memory && "every state has a memory");
  // The deepest chunk pushed that the state's knowledge descends from; the chunks after it are missing.
  std::vector<std::shared_ptr<const Knowledge>> missing;
  std::shared_ptr<const Knowledge> k = state.knowledge;
  while (k && !(k->depth <= pushed_.size() && pushed_[k->depth - 1] == k)) {
    missing.push_back(k);
    k = k->parent;
  }
  size_t keep = k ? k->depth : 0;
  // Many memory facts (the blocks of a heap program are pairwise disjoint) stay where they are while the memory does,
  // since most steps only add facts; another memory's would be false of this state, so they go, and the chunks
  // pushed after them are pushed again. A few are pushed again after the chunks at every step, as always: re-adding
  // them costs little, and Z3's search on nonlinear facts depends on the scopes and terms it is given (a change in
  // the order of the terms made cohencu6's termination proof miss its time).
  const bool memoryKept = memoryStays_ && pushedMemory_ == state.memory && memoryBelow_ <= keep;
  if (pushedMemory_ && !memoryKept && memoryBelow_ < keep) {
    for (size_t depth = keep; depth > memoryBelow_; --depth) missing.push_back(pushed_[depth - 1]);
    keep = memoryBelow_;
  }
  const bool memoryPopped = pushedMemory_ && !memoryKept;
  solver_.pop(static_cast<unsigned>(pushed_.size() - keep + (memoryPopped ? 1 : 0)));
  pushed_.resize(keep);
  if (memoryPopped) pushedMemory_.reset();
  for (auto it = missing.rbegin(); it != missing.rend(); ++it) {
    solver_.push();
    for (const smt::Term& fact : (*it)->facts) solver_.add(fact);
    pushed_.push_back(*it);
  }
  if (!memoryKept) {
    solver_.push();
    const std::vector<smt::Term> facts =
        memoryFacts(context_, *state.memory, index_.pointerBits(), index_.integers());
    for (const smt::Term& fact : facts) solver_.add(fact);
    pushedMemory_ = state.memory;
    memoryBelow_ = pushed_.size();
    memoryStays_ = facts.size() >= kMemoryFactsThatStay;
  }
}

StepResult Executor::step(const State& state) {
  sync(state);
  Step step(*this, state);
  StepResult result = step.run();
  if (result.kind == StepResult::Kind::Split) {
    // Both cases repeat the step with the same variable names (see State::stepVariables).
    result.next = state;
    result.next->stepVariables = step.base();
  }
  return result;
}

}  // namespace atropos::symex
