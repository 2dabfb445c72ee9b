#include "encoder.h"

#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/Analysis/LoopInfo.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/Constants.h>
#include <llvm/IR/DataLayout.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/GetElementPtrTypeIterator.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>
#include <llvm/IR/Operator.h>

#include <algorithm>
#include <map>
#include <memory>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "frontend/arithmetic.h"
#include "frontend/environment.h"
#include "frontend/source_location.h"
#include "smt/term.h"

namespace atropos::bmc {

namespace {

// Objects lie at fixed addresses, each in a reservation of its own, with a gap after it so that no pointer one past
// the end of an object is the address of the next. A size known only symbolically must fit its reservation.
constexpr uint64_t kFirstAddress = 0x10000;
constexpr uint64_t kGap = 16;
constexpr uint64_t kMaxInitializedGlobalBytes = 1u << 16;
// Calls nested deeper than this are cut like a recursion beyond the bound: the encoder and the solver's term walks
// recurse once per nested call, and mutual recursion at a bound of thousands overflowed the stack.
constexpr size_t kMaxNestedCalls = 256;
// A visit of a loop head is compared with this many earlier visits at most, and an encoding records this many
// recurring states at most: every visit compared with every earlier one made hundreds of thousands at a bound of
// 512, which took the solver and the reading of its model far past the deadline. Longer periods are the
// executions' to find (their lasso search is Brent's, with no window).
constexpr size_t kRecurrenceWindow = 64;
constexpr size_t kMaxRecurrences = 4096;

struct Object {
  enum class Kind { Global, Constant, Stack, Heap };
  Kind kind;
  uint64_t base;
  smt::Term size;        // bytes, as a pointer-width bitvector
  uint64_t reservation;  // the addresses from base on that no other object takes
};

// Terms up to this many nodes are simplified as they are built (constants folded, so that loops with constant
// bounds end); larger ones are left to the solver: Z3's simplifier would walk them whole each time.
constexpr size_t kSmallTerm = 200;

// A path's SSA values, each by its place in the module (Encoder::place), not by its address: a map keyed by
// addresses is walked and freed in an order that differs from run to run, and Z3 numbers the terms it makes (and
// reuses the numbers of those freed) in that order, which its simplifier and its search follow. Keyed by places, the
// same program gives the same formula, and the same answers.
using Values = std::unordered_map<size_t, smt::Term>;

// What an execution that reaches a point of the unwound program knows there.
struct PathState {
  smt::Term guard;
  smt::Term memory;
  // Which bytes of memory hold part of a pointer (only when the program keeps pointers in memory): reading them as
  // an integer, or other bytes as a pointer, depends on the addresses of objects.
  smt::Term pointerBytes;
  std::vector<smt::Term> alive;          // by object id; ids past the end are not allocated on this path
  std::vector<smt::Term> scalarGlobals;  // by index in Encoder::scalarGlobals_
  Values values;                         // the current activation's SSA values
  bool dead = false;
};

// An instruction the encoding does not model: the paths that reach it are cut and the program not proved.
struct NotModelled {
  std::string what;
};

struct FunctionShape {
  std::unique_ptr<llvm::DominatorTree> dominators;
  std::unique_ptr<llvm::LoopInfo> loops;
  std::unordered_map<const llvm::BasicBlock*, int> order;  // reverse post-order
};

// A visit of a loop head: what a recurring state is compared on.
struct HeadVisit {
  std::vector<unsigned> outerIterations;  // of the loops around the loop
  smt::Term reached;
  std::vector<smt::Term> carried;  // the values of the head's phis
  smt::Term memory;
  std::vector<smt::Term> scalarGlobals;
  std::vector<smt::Term> alive;
  size_t drawsBefore;
};

struct Activation {
  const llvm::Function* function;
  std::vector<unsigned> stackObjects;
  std::vector<std::pair<PathState, std::optional<smt::Term>>> returns;
  std::map<const llvm::BasicBlock*, std::vector<HeadVisit>> headVisits;
};

// A block of the unwound program: the block and the iteration of each loop around it, outermost first.
struct Pending {
  const llvm::BasicBlock* block;
  std::vector<unsigned> iterations;
  std::vector<PathState> states;
};

// A global that the program only loads and stores whole, at the type it has, and whose address it never takes
// otherwise: no pointer the program forms can reach its bytes (pointers that leave their object, or come from
// integers, are address-dependent checks), so its value lives in the path state, like an SSA value. Reading it
// is then not a walk over the memory's stores, and joining paths merges one value, not the memory.
bool isScalarGlobal(const llvm::GlobalVariable& g) {
  llvm::Type* type = g.getValueType();
  if (g.isConstant() || !g.hasDefinitiveInitializer() || g.isExternallyInitialized()) return false;
  if (!type->isIntegerTy() && !type->isPointerTy() && !type->isFloatingPointTy()) return false;
  return std::all_of(g.user_begin(), g.user_end(), [&](const llvm::User* u) {
    if (auto* load = llvm::dyn_cast<llvm::LoadInst>(u)) return load->getType() == type && !load->isVolatile();
    if (auto* store = llvm::dyn_cast<llvm::StoreInst>(u))
      return store->getPointerOperand() == &g && store->getValueOperand() != &g &&
             store->getValueOperand()->getType() == type && !store->isVolatile();
    return false;
  });
}

class Encoder {
 public:
  Encoder(z3::context& context, llvm::Module& module, const EncodingOptions& options)
      : c_(context),
        module_(module),
        layout_(module.getDataLayout()),
        bound_(options.bound),
        recurrences_(options.recurrences),
        headStates_(options.headStates),
        unsignedWrapChecks_(options.unsignedWrapChecks),
        maxInstructions_(options.maxInstructions),
        deadline_(options.deadline),
        pointerBits_(layout_.getPointerSizeInBits()),
        out_{{}, {}, context.bool_const("uninitialized_zero"), {}, {}, {}, {}} {
    symbolicReservation_ = pointerBits_ == 32 ? (uint64_t{1} << 24) : (uint64_t{1} << 32);
    for (const llvm::GlobalVariable& g : module.globals()) places_.emplace(&g, places_.size());
    for (const llvm::Function& f : module) {
      for (const llvm::Argument& a : f.args()) places_.emplace(&a, places_.size());
      for (const llvm::BasicBlock& b : f)
        for (const llvm::Instruction& i : b) places_.emplace(&i, places_.size());
    }
  }

  Encoding run() {
    const llvm::Function& main = mainFunction();
    z3::sort memorySort = c_.array_sort(c_.bv_sort(pointerBits_), c_.bv_sort(8));
    initialMemory_ = c_.constant("memory_initial", memorySort);
    out_.arrayFacts.push_back(z3::implies(
        out_.uninitializedZero, *initialMemory_ == z3::const_array(c_.bv_sort(pointerBits_), c_.bv_val(0, 8))));
    trackPointerBytes_ = keepsPointersInMemory();
    PathState start{
        c_.bool_val(true), *initialMemory_, z3::const_array(c_.bv_sort(pointerBits_), c_.bool_val(false)), {}, {}, {}};
    initializeGlobals(start, true);
    auto ended = encodeFunction(main, std::move(start));
    if (ended) programEnd(ended->first, Check::HeapAtEnd, *lastInstruction(main), "main returns");
    return std::move(out_);
  }

  Iteration runIteration(const llvm::BasicBlock& head) {
    const llvm::Function& main = mainFunction();
    if (head.getParent() != &main) throw EncodingFailure("the loop is not in main");
    FunctionShape& shape = shapeOf(main);
    const llvm::Loop* loop = shape.loops->getLoopFor(&head);
    if (!loop || loop->getHeader() != &head) throw EncodingFailure("the block is not a loop head");
    if (!loop->getSubLoops().empty()) throw EncodingFailure("the loop has inner loops");
    // The memory at the head is any memory: the globals keep their places but not their initial values, and no
    // other object lives there.
    z3::sort memorySort = c_.array_sort(c_.bv_sort(pointerBits_), c_.bv_sort(8));
    initialMemory_ = c_.constant("memory_at_head", memorySort);
    trackPointerBytes_ = keepsPointersInMemory();
    PathState start{c_.bool_val(true), *initialMemory_,
                    c_.constant("pointer_bytes_at_head", c_.array_sort(c_.bv_sort(pointerBits_), c_.bool_sort())),
                    {},
                    {},
                    {}};
    initializeGlobals(start, false);
    Iteration iteration{{}, {}, c_.bool_val(false), {}};
    const std::vector<const llvm::Value*> state = loopState(*loop);
    for (const llvm::Value* v : state) {
      auto* global = llvm::dyn_cast<llvm::GlobalVariable>(v);
      smt::Term before = fresh("head", valueBits(global ? global->getValueType() : v->getType()));
      if (std::optional<size_t> k = scalarGlobalIndex(v))
        start.scalarGlobals[*k] = before;
      else
        start.values.insert_or_assign(place(v), before);
      iteration.before.push_back(before);
    }
    Activation activation{&main, {}, {}, {}};
    std::vector<PathState> returned;
    Worklist work(shape);
    auto push = [&](const llvm::BasicBlock* b, std::vector<unsigned> iterations, PathState s) {
      if (b == &head) {
        returned.push_back(std::move(s));
      } else if (loop->contains(b)) {
        work.push(b, std::move(iterations), std::move(s));
      }
    };
    work.push(&head, {0}, std::move(start));
    callStack_.push_back(&main);
    while (!work.empty()) {
      if (deadline_.expired()) throw EncodingFailure("the time ran out while encoding");
      auto [block, iterations, s] = work.pop(*this);
      if (s.dead) continue;
      executeBlock(*block, iterations, s, activation, shape, push);
    }
    callStack_.pop_back();
    if (!returned.empty()) {
      PathState back = merge(returned);
      // Not only the checks that end their path: an address-dependent one lets it go on under one layout.
      z3::expr_vector failures(c_);
      for (const Obligation& o : out_.checks) failures.push_back(o.condition);
      iteration.returns = failures.empty() ? back.guard : back.guard && !z3::mk_or(failures);
      for (const llvm::Value* v : state) {
        if (std::optional<size_t> k = scalarGlobalIndex(v)) {
          iteration.after.push_back(back.scalarGlobals[*k]);
          continue;
        }
        auto it = back.values.find(place(v));
        if (it == back.values.end()) throw EncodingFailure("a value the loop carries is lost");
        iteration.after.push_back(it->second);
      }
    } else {
      iteration.after = iteration.before;  // never used: `returns` is false
    }
    iteration.background = out_.background;
    iteration.background.insert(iteration.background.end(), out_.arrayFacts.begin(), out_.arrayFacts.end());
    return iteration;
  }

 private:
  const llvm::Function& mainFunction() const {
    const llvm::Function* main = module_.getFunction("main");
    if (!main || main->isDeclaration()) throw EncodingFailure("the program has no function 'main'");
    if (!main->arg_empty()) throw EncodingFailure("main takes arguments");
    return *main;
  }

  // The blocks of one activation still to encode, ordered so that a block comes after every block that leads to it
  // in the same iteration of the loops around it: the states that reach a block are merged before it is encoded.
  class Worklist {
   public:
    explicit Worklist(const FunctionShape& shape) : shape_(shape) {}
    void push(const llvm::BasicBlock* b, std::vector<unsigned> iterations, PathState s) {
      std::vector<int> key;
      std::vector<const llvm::Loop*> nest = nestOf(shape_, b);
      for (size_t i = 0; i < nest.size(); ++i) {
        key.push_back(shape_.order.at(nest[i]->getHeader()));
        key.push_back(static_cast<int>(iterations[i]));
      }
      key.push_back(shape_.order.at(b));
      auto [it, inserted] = work_.try_emplace(key, Pending{b, std::move(iterations), {}});
      it->second.states.push_back(std::move(s));
    }
    bool empty() const { return work_.empty(); }
    std::tuple<const llvm::BasicBlock*, std::vector<unsigned>, PathState> pop(Encoder& encoder) {
      auto node = work_.extract(work_.begin());
      Pending& pending = node.mapped();
      return {pending.block, std::move(pending.iterations), encoder.merge(pending.states)};
    }

   private:
    const FunctionShape& shape_;
    std::map<std::vector<int>, Pending> work_;
  };

  // ---- objects and memory ----

  smt::Term pointer(uint64_t v) { return c_.bv_val(v, pointerBits_); }

  unsigned newObject(Object::Kind kind, const smt::Term& size, PathState& s, const llvm::Instruction* at) {
    uint64_t reservation = symbolicReservation_;
    uint64_t known = 0;
    smt::Term simpleSize = small(size);
    bool isKnown = simpleSize.is_numeral_u64(known);
    if (isKnown) reservation = known;
    if (!isKnown && at) {
      check(s, Check::NotModelled, z3::ugt(simpleSize, pointer(reservation)), *at,
            "an allocation of more than " + std::to_string(reservation) + " bytes");
    }
    uint64_t base = nextAddress_;
    uint64_t end = base + reservation + kGap;
    end = (end + 15) & ~uint64_t{15};
    if (end >= addressLimit() || end < base) throw NotModelled{"more objects than the address space holds"};
    nextAddress_ = end;
    objects_.push_back(Object{kind, base, simpleSize, reservation});
    unsigned id = static_cast<unsigned>(objects_.size() - 1);
    while (s.alive.size() <= id) s.alive.push_back(c_.bool_val(false));
    s.alive[id] = c_.bool_val(true);
    return id;
  }

  uint64_t addressLimit() const { return pointerBits_ == 32 ? (uint64_t{1} << 32) : (uint64_t{1} << 62); }

  smt::Term aliveIn(const PathState& s, unsigned id) const {
    return id < s.alive.size() ? s.alive[id] : smt::Term(c_.bool_val(false));
  }

  static bool atMostNodes(const smt::Term& e, size_t limit) {
    size_t nodes = 0;
    return !anySubterm(e, [&](const smt::Term&) { return ++nodes > limit; });
  }

  static smt::Term small(const smt::Term& e) { return atMostNodes(e, kSmallTerm) ? smt::Term(e.simplify()) : e; }

  std::optional<uint64_t> numeralOf(const smt::Term& e) {
    uint64_t v = 0;
    if (e.is_numeral_u64(v) || small(e).is_numeral_u64(v)) return v;
    return std::nullopt;
  }

  // The objects a pointer may point into (or one past): at a known address only the one whose reservation holds it.
  std::vector<unsigned> objectsAt(const smt::Term& p, size_t count) {
    std::vector<unsigned> ids;
    if (std::optional<uint64_t> a = numeralOf(p)) {
      auto after = std::upper_bound(objects_.begin(), objects_.begin() + count, *a,
                                    [](uint64_t v, const Object& o) { return v < o.base; });
      if (after != objects_.begin()) {
        const Object& o = *(after - 1);
        if (*a <= o.base + o.reservation) ids.push_back(static_cast<unsigned>(after - 1 - objects_.begin()));
      }
      return ids;
    }
    for (unsigned id = 0; id < count; ++id) ids.push_back(id);
    return ids;
  }

  // p .. p + n lies within object `id` (unsigned arithmetic: offsets below the base wrap to large values).
  smt::Term within(const smt::Term& p, const smt::Term& n, unsigned id) {
    const Object& o = objects_[id];
    smt::Term offset = p - pointer(o.base);
    return small(z3::ule(offset, o.size) && z3::ule(n, o.size - offset));
  }

  smt::Term accessible(const PathState& s, const smt::Term& p, const smt::Term& n) {
    smt::Term any = c_.bool_val(false);
    for (unsigned id : objectsAt(p, s.alive.size())) {
      if (s.alive[id].is_false()) continue;
      any = any || (s.alive[id] && within(p, n, id));
    }
    return any;
  }

  smt::Term inConstantObject(const smt::Term& p) {
    smt::Term any = c_.bool_val(false);
    for (unsigned id : objectsAt(p, objects_.size()))
      if (objects_[id].kind == Object::Kind::Constant) any = any || within(p, pointer(1), id);
    return any;
  }

  // Both point into (or one past) the same object: then how they compare does not depend on the layout.
  smt::Term sameObject(const smt::Term& p, const smt::Term& q) {
    smt::Term any = c_.bool_val(false);
    for (unsigned id : objectsAt(p, objects_.size()))
      any = any || (within(p, pointer(0), id) && within(q, pointer(0), id));
    return any;
  }

  smt::Term leavesObject(const smt::Term& base, const smt::Term& result) {
    smt::Term any = c_.bool_val(false);
    for (unsigned id : objectsAt(base, objects_.size()))
      any = any || (within(base, pointer(0), id) && !within(result, pointer(0), id));
    return any;
  }

  smt::Term inNoObject(const smt::Term& p) {
    smt::Term any = c_.bool_val(false);
    for (unsigned id : objectsAt(p, objects_.size())) any = any || within(p, pointer(0), id);
    return !small(any);
  }

  // Not null, and not in (or one past) an object that lives: a real allocator may have put another object there.
  smt::Term dangling(const PathState& s, const smt::Term& p) {
    smt::Term live = p == pointer(0);
    for (unsigned id : objectsAt(p, s.alive.size()))
      if (!s.alive[id].is_false()) live = live || (s.alive[id] && within(p, pointer(0), id));
    return !small(live);
  }

  smt::Term onePastAnEnd(const smt::Term& p) {
    smt::Term any = c_.bool_val(false);
    for (unsigned id : objectsAt(p, objects_.size()))
      any = any || small(p == pointer(objects_[id].base) + objects_[id].size);
    return any;
  }

  smt::Term heapAlive(const PathState& s) {
    smt::Term any = c_.bool_val(false);
    for (unsigned id = 0; id < s.alive.size(); ++id)
      if (objects_[id].kind == Object::Kind::Heap && !s.alive[id].is_false()) any = any || s.alive[id];
    return any;
  }

  // Which bytes of a value of `type` in memory belong to a pointer.
  std::vector<bool> pointerMask(llvm::Type* type) const {
    std::vector<bool> mask(layout_.getTypeStoreSize(type).getFixedSize(), false);
    markPointers(type, 0, mask);
    return mask;
  }
  void markPointers(llvm::Type* type, uint64_t offset, std::vector<bool>& mask) const {
    if (type->isPointerTy()) {
      for (unsigned k = 0; k < pointerBits_ / 8 && offset + k < mask.size(); ++k) mask[offset + k] = true;
    } else if (auto* st = llvm::dyn_cast<llvm::StructType>(type)) {
      const llvm::StructLayout* sl = layout_.getStructLayout(st);
      for (unsigned k = 0; k < st->getNumElements(); ++k)
        markPointers(st->getElementType(k), offset + sl->getElementOffset(k), mask);
    } else if (auto* at = llvm::dyn_cast<llvm::ArrayType>(type)) {
      for (uint64_t k = 0; k < at->getNumElements(); ++k)
        markPointers(at->getElementType(), offset + k * allocSize(at->getElementType()), mask);
    }
  }

  static bool containsPointer(llvm::Type* type) {
    if (type->isPointerTy()) return true;
    for (llvm::Type* inner : type->subtypes())
      if (containsPointer(inner)) return true;
    return false;
  }

  // Whether some load, store or global keeps a pointer in memory: otherwise no byte ever holds one, and a load of a
  // pointer type cannot happen either.
  bool keepsPointersInMemory() const {
    for (const llvm::GlobalVariable& g : module_.globals())
      if (containsPointer(g.getValueType()) && g.hasInitializer() && !g.getInitializer()->isNullValue()) return true;
    for (const llvm::Function& f : module_)
      for (const llvm::BasicBlock& b : f)
        for (const llvm::Instruction& i : b) {
          if (auto* load = llvm::dyn_cast<llvm::LoadInst>(&i); load && containsPointer(load->getType())) return true;
          if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&i);
              store && containsPointer(store->getValueOperand()->getType()))
            return true;
        }
    return false;
  }

  // A load of `type` at p reads bytes stored as a pointer where it expects other data, or bytes not stored as a
  // pointer where it expects one (unless they are all zero: a null pointer).
  smt::Term readsOtherBytes(const PathState& s, const smt::Term& p, llvm::Type* type, const smt::Term& loaded) {
    std::vector<bool> mask = pointerMask(type);
    smt::Term other = c_.bool_val(false);
    smt::Term notStoredAsPointer = c_.bool_val(false);
    for (unsigned k = 0; k < mask.size(); ++k) {
      smt::Term isPointer = z3::select(s.pointerBytes, p + pointer(k));
      if (mask[k])
        notStoredAsPointer = notStoredAsPointer || !isPointer;
      else
        other = other || isPointer;
    }
    if (type->isPointerTy()) return other || (notStoredAsPointer && loaded != pointer(0));
    return other || notStoredAsPointer;
  }

  // The byte at a known address: the stores at other known addresses are looked past (read-over-write), so that a
  // global's value is the value last stored, not a read of the whole memory.
  smt::Term readByte(const smt::Term& memory, uint64_t address) {
    auto key = std::make_pair(memory.id(), address);
    if (auto it = bytesRead_.find(key); it != bytesRead_.end()) return it->second.second;
    smt::Term m = memory;
    std::optional<smt::Term> byte;
    while (!byte) {
      if (!m.is_app()) break;
      Z3_decl_kind kind = m.decl().decl_kind();
      uint64_t at = 0;
      if (kind == Z3_OP_STORE && m.arg(1).is_numeral_u64(at)) {
        if (at == address)
          byte = m.arg(2);
        else
          m = m.arg(0);
      } else if (kind == Z3_OP_ITE) {
        byte = z3::ite(m.arg(0), readByte(m.arg(1), address), readByte(m.arg(2), address));
      } else if (zeroedGlobals_ && z3::eq(m, *zeroedGlobals_)) {
        if (inZeroedGlobal(address))
          byte = c_.bv_val(0, 8);
        else
          m = *initialMemory_;
      } else if (z3::eq(m, *initialMemory_)) {
        byte = initialByte(address);
      } else {
        break;
      }
    }
    if (!byte) byte = z3::select(m, pointer(address));
    bytesRead_.emplace(key, std::make_pair(memory, *byte));
    return *byte;
  }

  bool inZeroedGlobal(uint64_t address) const {
    auto after = zeroedGlobalBytes_.upper_bound(address);
    return after != zeroedGlobalBytes_.begin() && address < std::prev(after)->second;
  }

  // A byte of the initial memory at a known address, as a variable of its own: a formula whose memory is read only
  // at known addresses then needs no array (see Encoding::arrayFacts).
  smt::Term initialByte(uint64_t address) {
    auto it = initialByteVariables_.find(address);
    if (it != initialByteVariables_.end()) return it->second;
    smt::Term byte = fresh("initial", 8);
    out_.background.push_back(z3::implies(out_.uninitializedZero, byte == c_.bv_val(0, 8)));
    out_.arrayFacts.push_back(z3::select(*initialMemory_, pointer(address)) == byte);
    initialByteVariables_.emplace(address, byte);
    return byte;
  }

  smt::Term byteAt(const smt::Term& memory, const smt::Term& p, const std::optional<uint64_t>& known, unsigned k) {
    return known ? readByte(memory, *known + k) : z3::select(memory, p + pointer(k));
  }

  smt::Term loadBytes(const smt::Term& memory, const smt::Term& p, unsigned bytes) {
    std::optional<uint64_t> known = numeralOf(p);
    smt::Term v = byteAt(memory, p, known, 0);
    for (unsigned k = 1; k < bytes; ++k) v = z3::concat(byteAt(memory, p, known, k), v);
    return v;
  }

  smt::Term storeBytes(const smt::Term& memory, const smt::Term& p, const smt::Term& image) {
    std::optional<uint64_t> known = numeralOf(p);
    smt::Term m = memory;
    unsigned bytes = image.get_sort().bv_size() / 8;
    for (unsigned k = 0; k < bytes; ++k)
      m = z3::store(m, known ? pointer(*known + k) : p + pointer(k), image.extract(8 * k + 7, 8 * k));
    return m;
  }

  // Bytes [p, p + n) of the memory replaced: by `fill` (a byte) or by the bytes of `source` at `from`.
  smt::Term replaceRange(const smt::Term& memory, const smt::Term& p, const smt::Term& n, const smt::Term* fill,
                         const smt::Term* fromMemory, const smt::Term* from) {
    uint64_t known = 0;
    if (small(n).is_numeral_u64(known) && known <= 64) {
      smt::Term m = memory;
      for (uint64_t k = 0; k < known; ++k)
        m = z3::store(m, p + pointer(k), fill ? *fill : smt::Term(z3::select(*fromMemory, *from + pointer(k))));
      return m;
    }
    smt::Term a = c_.bv_const("a", pointerBits_);
    smt::Term inside = z3::ult(a - p, n);
    smt::Term replaced = fill ? *fill : smt::Term(z3::select(*fromMemory, *from + (a - p)));
    return z3::lambda(a, z3::ite(inside, replaced, z3::select(memory, a)));
  }

  // ---- values ----

  unsigned imageBits(const llvm::Type* type) const {
    return static_cast<unsigned>(layout_.getTypeStoreSize(const_cast<llvm::Type*>(type)).getFixedSize() * 8);
  }

  unsigned valueBits(const llvm::Type* type) const {
    if (type->isIntegerTy()) return type->getIntegerBitWidth();
    if (type->isPointerTy()) return pointerBits_;
    return imageBits(type);
  }

  uint64_t allocSize(llvm::Type* type) const { return layout_.getTypeAllocSize(type).getFixedSize(); }

  // A value as the bytes memory holds for it, and back.
  smt::Term toImage(const smt::Term& v, const llvm::Type* type) const {
    unsigned bits = imageBits(type);
    unsigned have = v.get_sort().bv_size();
    return have < bits ? smt::Term(z3::zext(v, bits - have)) : v;
  }
  smt::Term fromImage(const smt::Term& image, const llvm::Type* type) const {
    unsigned bits = valueBits(type);
    return image.get_sort().bv_size() > bits ? smt::Term(image.extract(bits - 1, 0)) : image;
  }

  smt::Term fresh(const std::string& name, unsigned bits) {
    return c_.bv_const((name + "_" + std::to_string(freshCount_++)).c_str(), bits);
  }

  smt::Term undefined(const llvm::Type* type) {
    smt::Term v = fresh("undef", valueBits(type));
    out_.background.push_back(z3::implies(out_.uninitializedZero, v == c_.bv_val(0, v.get_sort().bv_size())));
    return v;
  }

  smt::Term intConstant(const llvm::APInt& value) {
    unsigned bits = value.getBitWidth();
    if (bits <= 64) return c_.bv_val(value.getZExtValue(), bits);
    return c_.bv_val(llvm::toString(value, 10, false).c_str(), bits);
  }

  // The bytes of a constant at `offset` into `bytes` (little-endian).
  void constantBytes(const llvm::Constant* k, uint64_t offset, std::vector<smt::Term>& bytes) {
    llvm::Type* type = k->getType();
    if (k->isNullValue() || llvm::isa<llvm::UndefValue>(k)) {
      uint64_t n = layout_.getTypeStoreSize(type).getFixedSize();
      for (uint64_t i = 0; i < n; ++i) bytes[offset + i] = c_.bv_val(0, 8);
      return;
    }
    if (auto* seq = llvm::dyn_cast<llvm::ConstantDataSequential>(k)) {
      uint64_t stride = allocSize(seq->getElementType());
      for (unsigned i = 0; i < seq->getNumElements(); ++i)
        constantBytes(seq->getElementAsConstant(i), offset + i * stride, bytes);
      return;
    }
    if (auto* array = llvm::dyn_cast<llvm::ConstantArray>(k)) {
      uint64_t stride = allocSize(array->getType()->getElementType());
      for (unsigned i = 0; i < array->getNumOperands(); ++i)
        constantBytes(array->getOperand(i), offset + i * stride, bytes);
      return;
    }
    if (auto* structure = llvm::dyn_cast<llvm::ConstantStruct>(k)) {
      const llvm::StructLayout* sl = layout_.getStructLayout(structure->getType());
      for (unsigned i = 0; i < structure->getNumOperands(); ++i)
        constantBytes(structure->getOperand(i), offset + sl->getElementOffset(i), bytes);
      return;
    }
    if (type->isAggregateType() || type->isVectorTy()) throw NotModelled{"a constant of an aggregate type"};
    smt::Term image = toImage(constant(k), type);
    for (unsigned i = 0; i < image.get_sort().bv_size() / 8; ++i) bytes[offset + i] = image.extract(8 * i + 7, 8 * i);
  }

  smt::Term constant(const llvm::Constant* k) {
    if (auto* ci = llvm::dyn_cast<llvm::ConstantInt>(k)) return intConstant(ci->getValue());
    if (llvm::isa<llvm::ConstantPointerNull>(k)) return pointer(0);
    if (llvm::isa<llvm::UndefValue>(k)) return undefined(k->getType());
    if (auto* g = llvm::dyn_cast<llvm::GlobalVariable>(k)) return pointer(objects_[globalObjects_.at(g)].base);
    if (auto* f = llvm::dyn_cast<llvm::Function>(k)) return pointer(functionAddress(f));
    if (auto* fp = llvm::dyn_cast<llvm::ConstantFP>(k)) return intConstant(fp->getValueAPF().bitcastToAPInt());
    if (auto* e = llvm::dyn_cast<llvm::ConstantExpr>(k)) {
      switch (e->getOpcode()) {
        case llvm::Instruction::BitCast:
        case llvm::Instruction::AddrSpaceCast:
          return constant(e->getOperand(0));
        case llvm::Instruction::GetElementPtr: {
          auto* gep = llvm::cast<llvm::GEPOperator>(e);
          std::vector<smt::Term> indices;
          for (auto it = gep->idx_begin(); it != gep->idx_end(); ++it)
            indices.push_back(constant(llvm::cast<llvm::Constant>(*it)));
          smt::Term base = constant(llvm::cast<llvm::Constant>(gep->getPointerOperand()));
          smt::Term result = address(*gep, base, indices);
          if (!small(leavesObject(base, result)).is_false()) throw NotModelled{"a constant address outside its object"};
          return result;
        }
        default:
          throw NotModelled{std::string("the constant expression ") + e->getOpcodeName()};
      }
    }
    if (k->getType()->isAggregateType()) {
      uint64_t n = layout_.getTypeStoreSize(k->getType()).getFixedSize();
      std::vector<smt::Term> bytes(n, c_.bv_val(0, 8));
      constantBytes(k, 0, bytes);
      smt::Term v = bytes[0];
      for (uint64_t i = 1; i < n; ++i) v = z3::concat(bytes[i], v);
      return v;
    }
    throw NotModelled{"a constant of an unknown kind"};
  }

  uint64_t functionAddress(const llvm::Function* f) {
    auto it = functionAddresses_.find(f);
    if (it != functionAddresses_.end()) return it->second;
    // Functions lie in a range of their own, which no object covers: dereferencing their address is invalid.
    uint64_t a = nextAddress_;
    if (a + 16 >= addressLimit()) throw NotModelled{"more objects than the address space holds"};
    nextAddress_ += 16;
    functionAddresses_.emplace(f, a);
    return a;
  }

  smt::Term value(const llvm::Value* v, const PathState& s) {
    if (auto* k = llvm::dyn_cast<llvm::Constant>(v)) return constant(k);
    auto it = s.values.find(place(v));
    if (it == s.values.end()) throw NotModelled{"a value used where its definition is not known"};
    return it->second;
  }

  smt::Term resized(const smt::Term& v, unsigned bits, bool isSigned) {
    unsigned have = v.get_sort().bv_size();
    if (have == bits) return v;
    if (have > bits) return v.extract(bits - 1, 0);
    return isSigned ? z3::sext(v, bits - have) : z3::zext(v, bits - have);
  }

  smt::Term address(const llvm::GEPOperator& gep, smt::Term base, const std::vector<smt::Term>& indices) {
    smt::Term p = base;
    size_t k = 0;
    for (auto it = llvm::gep_type_begin(gep); it != llvm::gep_type_end(gep); ++it, ++k) {
      if (llvm::StructType* st = it.getStructTypeOrNull()) {
        uint64_t field = 0;
        indices[k].is_numeral_u64(field);
        p = p + pointer(layout_.getStructLayout(st)->getElementOffset(static_cast<unsigned>(field)));
      } else {
        uint64_t stride = allocSize(it.getIndexedType());
        p = p + resized(indices[k], pointerBits_, true) * pointer(stride);
      }
    }
    return p;
  }

  // ---- checks ----

  // Records that the execution goes wrong where `violated` holds; the paths that go wrong end there.
  void check(PathState& s, Check kind, const smt::Term& violated, const llvm::Instruction& at, std::string what,
             bool endsPath = true) {
    smt::Term v = small(violated);
    if (v.is_false()) return;
    out_.checks.push_back(
        Obligation{kind, v.is_true() ? s.guard : (s.guard && v), frontend::sourceLocationOf(at), std::move(what)});
    if (!endsPath) return;
    if (v.is_true()) {
      s.dead = true;
      return;
    }
    s.guard = s.guard && !v;
  }

  void programEnd(PathState& s, Check kind, const llvm::Instruction& at, const std::string& how) {
    check(s, kind, heapAlive(s), at, "heap memory is still allocated when " + how, false);
    s.dead = true;
  }

  static const llvm::Instruction* lastInstruction(const llvm::Function& f) {
    for (const llvm::BasicBlock& b : f)
      if (llvm::isa<llvm::ReturnInst>(b.getTerminator())) return b.getTerminator();
    return f.getEntryBlock().getTerminator();
  }

  // ---- globals ----

  std::optional<size_t> scalarGlobalIndex(const llvm::Value* pointer) const {
    auto* g = llvm::dyn_cast<llvm::GlobalVariable>(pointer);
    if (!g) return std::nullopt;
    auto it = scalarGlobals_.find(g);
    if (it == scalarGlobals_.end()) return std::nullopt;
    return it->second;
  }

  // Without `initialValues`, the globals' places only: their values are those of the memory and free variables.
  void initializeGlobals(PathState& s, bool initialValues) {
    std::vector<unsigned> zeroed;
    std::vector<std::pair<unsigned, const llvm::Constant*>> initialized;
    uint64_t initializedBytes = 0;
    for (const llvm::GlobalVariable& g : module_.globals()) {
      llvm::Type* type = g.getValueType();
      auto kind = g.isConstant() ? Object::Kind::Constant : Object::Kind::Global;
      unsigned id = newObject(kind, pointer(allocSize(type)), s, nullptr);
      globalObjects_.emplace(&g, id);
      if (isScalarGlobal(g)) {
        scalarGlobals_.emplace(&g, scalarGlobals_.size());
        continue;
      }
      if (!initialValues || !g.hasInitializer()) continue;  // external: its contents are unknown
      const llvm::Constant* init = g.getInitializer();
      if (init->isNullValue()) {
        zeroed.push_back(id);
      } else {
        initialized.emplace_back(id, init);
        initializedBytes += allocSize(type);
      }
    }
    if (initializedBytes > kMaxInitializedGlobalBytes) throw EncodingFailure("the initialized globals are too large");
    if (!zeroed.empty()) {
      smt::Term a = c_.bv_const("a", pointerBits_);
      smt::Term inZeroed = c_.bool_val(false);
      for (unsigned id : zeroed) {
        inZeroed = inZeroed || z3::ult(a - pointer(objects_[id].base), objects_[id].size);
        uint64_t size = numeralOf(objects_[id].size).value();
        if (size > 0) zeroedGlobalBytes_.emplace(objects_[id].base, objects_[id].base + size);
      }
      s.memory = z3::lambda(a, z3::ite(inZeroed, c_.bv_val(0, 8), z3::select(s.memory, a)));
      zeroedGlobals_ = s.memory;
    }
    s.scalarGlobals.resize(scalarGlobals_.size(), c_.bool_val(false));
    for (const llvm::GlobalVariable& g : module_.globals())
      if (auto k = scalarGlobalIndex(&g))
        s.scalarGlobals[*k] = initialValues ? constant(g.getInitializer()) : fresh("global", valueBits(g.getValueType()));
    for (const auto& [id, init] : initialized) {
      uint64_t n = allocSize(init->getType());
      std::vector<smt::Term> bytes(n, c_.bv_val(0, 8));
      constantBytes(init, 0, bytes);
      for (uint64_t i = 0; i < n; ++i) s.memory = z3::store(s.memory, pointer(objects_[id].base + i), bytes[i]);
      if (trackPointerBytes_) {
        std::vector<bool> mask = pointerMask(init->getType());
        for (uint64_t i = 0; i < mask.size(); ++i)
          if (mask[i]) s.pointerBytes = z3::store(s.pointerBytes, pointer(objects_[id].base + i), c_.bool_val(true));
      }
    }
  }

  // ---- control flow ----

  FunctionShape& shapeOf(const llvm::Function& f) {
    auto it = shapes_.find(&f);
    if (it != shapes_.end()) return it->second;
    FunctionShape shape;
    auto& mutableF = const_cast<llvm::Function&>(f);
    shape.dominators = std::make_unique<llvm::DominatorTree>(mutableF);
    shape.loops = std::make_unique<llvm::LoopInfo>(*shape.dominators);
    int n = 0;
    for (const llvm::BasicBlock* b : llvm::ReversePostOrderTraversal<const llvm::Function*>(&f)) shape.order[b] = n++;
    // Every edge against the order must be a loop's back edge: irreducible control flow is not unwound.
    for (const auto& [b, k] : shape.order)
      for (const llvm::BasicBlock* succ : llvm::successors(b)) {
        if (shape.order.at(succ) > k) continue;
        const llvm::Loop* loop = shape.loops->getLoopFor(succ);
        if (!loop || loop->getHeader() != succ || !loop->contains(b))
          throw EncodingFailure("irreducible control flow in " + f.getName().str());
      }
    return shapes_.emplace(&f, std::move(shape)).first->second;
  }

  static std::vector<const llvm::Loop*> nestOf(const FunctionShape& shape, const llvm::BasicBlock* b) {
    std::vector<const llvm::Loop*> nest;
    for (const llvm::Loop* l = shape.loops->getLoopFor(b); l; l = l->getParentLoop()) nest.push_back(l);
    std::reverse(nest.begin(), nest.end());
    return nest;
  }

  // The memory after paths that share a memory and then stored on their own. Each store above the shared memory
  // is made once, writing its value where a path that made it was taken and the value already there elsewhere;
  // paths that share a prefix of stores (the exits of a loop's iterations) share those stores. Z3 decides this far
  // more easily than a choice between whole arrays (ite of arrays), the fallback when no shared memory is seen.
  smt::Term mergeArrays(const std::vector<PathState>& states, smt::Term PathState::*array) {
    constexpr size_t kMaxStoresFollowed = 256;
    std::vector<std::vector<smt::Term>> chains;  // each memory and the memories below it through its stores
    for (const PathState& s : states) {
      std::vector<smt::Term> chain{s.*array};
      while (chain.size() <= kMaxStoresFollowed && chain.back().is_app() &&
             chain.back().decl().decl_kind() == Z3_OP_STORE)
        chain.push_back(chain.back().arg(0));
      chains.push_back(std::move(chain));
    }
    auto contains = [](const std::vector<smt::Term>& chain, const smt::Term& m) {
      return std::any_of(chain.begin(), chain.end(), [&](const smt::Term& c) { return z3::eq(c, m); });
    };
    std::optional<size_t> baseAt;
    for (size_t k = 0; k < chains[0].size() && !baseAt; ++k)
      if (std::all_of(chains.begin() + 1, chains.end(), [&](const auto& c) { return contains(c, chains[0][k]); }))
        baseAt = k;
    if (!baseAt) {
      smt::Term merged = states.back().*array;
      for (size_t i = states.size() - 1; i-- > 0;)
        if (!z3::eq(states[i].*array, merged)) merged = z3::ite(states[i].guard, states[i].*array, merged);
      return merged;
    }
    const smt::Term base = chains[0][*baseAt];
    // The stores above the base, each with the paths that made it, in an order that keeps each path's own order.
    struct Store {
      smt::Term node;
      size_t height;  // stores between it and the base
      std::vector<size_t> paths;
    };
    std::vector<Store> stores;
    for (size_t i = 0; i < states.size(); ++i) {
      size_t baseIndex = 0;
      while (!z3::eq(chains[i][baseIndex], base)) ++baseIndex;
      for (size_t k = 0; k < baseIndex; ++k) {
        const smt::Term& node = chains[i][k];
        auto it = std::find_if(stores.begin(), stores.end(), [&](const Store& st) { return z3::eq(st.node, node); });
        if (it == stores.end())
          stores.push_back(Store{node, baseIndex - k, {i}});
        else
          it->paths.push_back(i);
      }
    }
    std::stable_sort(stores.begin(), stores.end(), [](const Store& a, const Store& b) { return a.height < b.height; });
    smt::Term merged = base;
    for (const Store& st : stores) {
      smt::Term at = st.node.arg(1);
      if (st.paths.size() == states.size()) {
        merged = z3::store(merged, at, st.node.arg(2));
        continue;
      }
      z3::expr_vector guards(c_);
      for (size_t i : st.paths) guards.push_back(states[i].guard);
      uint64_t known = 0;
      smt::Term before = at.is_numeral_u64(known) && merged.get_sort().array_range().is_bv() ? readByte(merged, known)
                                                                                             : z3::select(merged, at);
      merged = z3::store(merged, at, z3::ite(z3::mk_or(guards), st.node.arg(2), before));
    }
    return merged;
  }

  PathState merge(std::vector<PathState>& states) {
    if (states.size() == 1) return std::move(states.front());
    smt::Term memory = mergeArrays(states, &PathState::memory);
    smt::Term pointerBytes = mergeArrays(states, &PathState::pointerBytes);
    PathState m = states.back();
    m.memory = memory;
    m.pointerBytes = pointerBytes;
    for (size_t i = states.size() - 1; i-- > 0;) {
      const PathState& s = states[i];
      const smt::Term& g = s.guard;
      size_t n = std::max(m.alive.size(), s.alive.size());
      while (m.alive.size() < n) m.alive.push_back(c_.bool_val(false));
      for (size_t id = 0; id < n; ++id) {
        smt::Term a = aliveIn(s, static_cast<unsigned>(id));
        if (!z3::eq(a, m.alive[id])) m.alive[id] = z3::ite(g, a, m.alive[id]);
      }
      Values values;
      for (const auto& [key, v] : m.values) {
        auto it = s.values.find(key);
        if (it == s.values.end()) continue;
        values.emplace(key, z3::eq(it->second, v) ? v : smt::Term(z3::ite(g, it->second, v)));
      }
      m.values = std::move(values);
      for (size_t k = 0; k < m.scalarGlobals.size(); ++k)
        if (!z3::eq(s.scalarGlobals[k], m.scalarGlobals[k]))
          m.scalarGlobals[k] = z3::ite(g, s.scalarGlobals[k], m.scalarGlobals[k]);
      m.guard = g || m.guard;
    }
    return m;
  }

  std::optional<std::pair<PathState, std::optional<smt::Term>>> encodeFunction(const llvm::Function& f,
                                                                               PathState entry) {
    FunctionShape& shape = shapeOf(f);
    Activation activation{&f, {}, {}, {}};
    Worklist work(shape);
    auto push = [&](const llvm::BasicBlock* b, std::vector<unsigned> iterations, PathState s) {
      work.push(b, std::move(iterations), std::move(s));
    };
    push(&f.getEntryBlock(), {}, std::move(entry));
    callStack_.push_back(&f);
    while (!work.empty()) {
      if (deadline_.expired()) throw EncodingFailure("the time ran out while encoding");
      auto [block, iterations, s] = work.pop(*this);
      if (s.dead) continue;
      if (recurrences_ && shape.loops->isLoopHeader(block)) recordHeadVisit(*block, iterations, s, activation);
      if (headStates_ && callStack_.size() == 1 && shape.loops->isLoopHeader(block))
        recordHeadState(*block, iterations, s);
      executeBlock(*block, iterations, s, activation, shape, push);
    }
    callStack_.pop_back();
    if (activation.returns.empty()) return std::nullopt;
    std::vector<PathState> states;
    std::optional<smt::Term> result;
    for (size_t i = activation.returns.size(); i-- > 0;) {
      auto& [s, v] = activation.returns[i];
      if (v) result = result ? z3::ite(s.guard, *v, *result) : *v;
    }
    for (auto& [s, v] : activation.returns) states.push_back(std::move(s));
    PathState merged = merge(states);
    merged.values.clear();
    return std::make_pair(std::move(merged), result);
  }

  void recordHeadState(const llvm::BasicBlock& head, const std::vector<unsigned>& iterations, const PathState& s) {
    Encoding::HeadState visit{&head, iterations.back(), s.guard, {}};
    auto [known, fresh] = loopStates_.try_emplace(&head);
    if (fresh) known->second = loopState(*shapeOf(*head.getParent()).loops->getLoopFor(&head));
    for (const llvm::Value* v : known->second) {
      if (std::optional<size_t> k = scalarGlobalIndex(v)) {
        visit.values.push_back(s.scalarGlobals[*k]);
        continue;
      }
      auto it = s.values.find(place(v));
      if (it == s.values.end()) return;
      visit.values.push_back(it->second);
    }
    out_.headStates.push_back(std::move(visit));
  }

  // Compares this visit of a loop head with the earlier visits of the same loop entry.
  void recordHeadVisit(const llvm::BasicBlock& head, const std::vector<unsigned>& iterations, const PathState& s,
                       Activation& activation) {
    HeadVisit visit{std::vector<unsigned>(iterations.begin(), iterations.end() - 1),
                    s.guard,
                    {},
                    s.memory,
                    s.scalarGlobals,
                    s.alive,
                    out_.draws.size()};
    for (const llvm::PHINode& phi : head.phis()) {
      auto it = s.values.find(place(&phi));
      if (it == s.values.end()) return;
      visit.carried.push_back(it->second);
    }
    std::vector<HeadVisit>& earlier = activation.headVisits[&head];
    const size_t firstCompared = earlier.size() > kRecurrenceWindow ? earlier.size() - kRecurrenceWindow : 0;
    for (size_t j = firstCompared; j < earlier.size() && out_.recurrences.size() < kMaxRecurrences; ++j) {
      const HeadVisit& e = earlier[j];
      if (e.outerIterations != visit.outerIterations) continue;
      smt::Term same = visit.reached && e.memory == visit.memory;
      for (size_t k = 0; k < visit.carried.size(); ++k) same = same && e.carried[k] == visit.carried[k];
      for (size_t k = 0; k < visit.scalarGlobals.size(); ++k)
        if (!z3::eq(e.scalarGlobals[k], visit.scalarGlobals[k]))
          same = same && e.scalarGlobals[k] == visit.scalarGlobals[k];
      size_t n = std::max(e.alive.size(), visit.alive.size());
      for (size_t id = 0; id < n; ++id) {
        smt::Term before = id < e.alive.size() ? e.alive[id] : smt::Term(c_.bool_val(false));
        smt::Term now = id < visit.alive.size() ? visit.alive[id] : c_.bool_val(false);
        if (!z3::eq(before, now)) same = same && before == now;
      }
      out_.recurrences.push_back(
          RecurringState{same, e.drawsBefore, visit.drawsBefore, frontend::sourceLocationOf(*head.getFirstNonPHI())});
    }
    earlier.push_back(std::move(visit));
  }

  template <typename Push>
  void executeBlock(const llvm::BasicBlock& b, const std::vector<unsigned>& iterations, PathState& s,
                    Activation& activation, FunctionShape& shape, Push& push) {
    encodedInstructions_ += b.size();
    if (encodedInstructions_ > maxInstructions_)
      throw EncodingFailure("the unwound program exceeds " + std::to_string(maxInstructions_) +
                            " instructions, more than the time left allows");
    for (const llvm::Instruction& i : b) {
      if (llvm::isa<llvm::PHINode>(i)) continue;
      if (i.isTerminator()) {
        try {
          terminate(i, iterations, s, activation, shape, push);
        } catch (const NotModelled& n) {
          check(s, Check::NotModelled, c_.bool_val(true), i, n.what);
        }
        return;
      }
      try {
        step(i, s, activation);
      } catch (const NotModelled& n) {
        check(s, Check::NotModelled, c_.bool_val(true), i, n.what);
      }
      if (s.dead) return;
    }
  }

  template <typename Push>
  void terminate(const llvm::Instruction& i, const std::vector<unsigned>& iterations, PathState& s,
                 Activation& activation, FunctionShape& shape, Push& push) {
    const llvm::BasicBlock* from = i.getParent();
    auto follow = [&](const llvm::BasicBlock* to, const smt::Term& condition) {
      smt::Term cond = small(condition);
      if (cond.is_false()) return;
      PathState t = s;
      if (!cond.is_true()) t.guard = t.guard && cond;
      // The phis of the target take their values all at once, from the state before the edge.
      std::vector<std::pair<const llvm::PHINode*, smt::Term>> phis;
      for (const llvm::PHINode& phi : to->phis()) phis.emplace_back(&phi, value(phi.getIncomingValueForBlock(from), s));
      for (auto& [phi, v] : phis) t.values.insert_or_assign(place(phi), v);
      std::vector<const llvm::Loop*> fromNest = nestOf(shape, from), toNest = nestOf(shape, to);
      std::vector<unsigned> next;
      for (size_t k = 0; k < toNest.size(); ++k) {
        bool shared = k < fromNest.size() && fromNest[k] == toNest[k];
        if (!shared) {
          next.push_back(0);
          continue;
        }
        unsigned n = iterations[k];
        if (k + 1 == toNest.size() && toNest[k]->getHeader() == to) {
          if (n + 1 >= bound_) {
            check(t, Check::UnwindingBound, c_.bool_val(true), i,
                  "the loop runs more than " + std::to_string(bound_) + " times");
            return;
          }
          ++n;
        }
        next.push_back(n);
      }
      push(to, std::move(next), std::move(t));
    };
    if (auto* br = llvm::dyn_cast<llvm::BranchInst>(&i)) {
      if (br->isUnconditional()) {
        follow(br->getSuccessor(0), c_.bool_val(true));
        return;
      }
      smt::Term cond = value(br->getCondition(), s) == c_.bv_val(1, 1);
      follow(br->getSuccessor(0), cond);
      follow(br->getSuccessor(1), !cond);
      return;
    }
    if (auto* sw = llvm::dyn_cast<llvm::SwitchInst>(&i)) {
      smt::Term v = value(sw->getCondition(), s);
      smt::Term none = c_.bool_val(true);
      for (const auto& kase : sw->cases()) {
        smt::Term is = v == constant(kase.getCaseValue());
        follow(kase.getCaseSuccessor(), is);
        none = none && !is;
      }
      follow(sw->getDefaultDest(), none);
      return;
    }
    if (auto* ret = llvm::dyn_cast<llvm::ReturnInst>(&i)) {
      std::optional<smt::Term> result;
      if (ret->getReturnValue()) result = value(ret->getReturnValue(), s);
      for (unsigned id : activation.stackObjects)
        if (id < s.alive.size()) s.alive[id] = c_.bool_val(false);
      activation.returns.emplace_back(std::move(s), result);
      return;
    }
    if (llvm::isa<llvm::UnreachableInst>(&i)) {
      check(s, Check::OtherUndefined, c_.bool_val(true), i, "an unreachable instruction is reached");
      return;
    }
    throw NotModelled{std::string("the instruction ") + i.getOpcodeName()};
  }

  // ---- instructions ----

  void define(PathState& s, const llvm::Instruction& i, const smt::Term& v) {
    s.values.insert_or_assign(place(&i), small(v));
  }

  size_t place(const llvm::Value* v) const {
    auto it = places_.find(v);
    if (it == places_.end()) throw EncodingFailure("a value outside the module");
    return it->second;
  }

  smt::Term signedMinimum(unsigned w) { return z3::shl(c_.bv_val(1, w), c_.bv_val(w - 1, w)).simplify(); }

  static smt::Term bit(const smt::Term& b, z3::context& c) { return z3::ite(b, c.bv_val(1, 1), c.bv_val(0, 1)); }

  void step(const llvm::Instruction& i, PathState& s, Activation& activation) {
    if (auto* bin = llvm::dyn_cast<llvm::BinaryOperator>(&i)) return binary(*bin, s);
    if (auto* cmp = llvm::dyn_cast<llvm::ICmpInst>(&i)) return compare(*cmp, s);
    if (auto* cmp = llvm::dyn_cast<llvm::FCmpInst>(&i)) return define(s, i, bit(floatCompare(*cmp, s), c_));
    if (i.getOpcode() == llvm::Instruction::FNeg) {
      if (!i.getType()->isFloatingPointTy()) throw NotModelled{"vector arithmetic"};
      smt::Term a = value(i.getOperand(0), s);
      const unsigned w = a.get_sort().bv_size();
      return define(s, i, a ^ signedMinimum(w));
    }
    if (auto* load = llvm::dyn_cast<llvm::LoadInst>(&i)) {
      if (auto k = scalarGlobalIndex(load->getPointerOperand())) return define(s, i, s.scalarGlobals[*k]);
      llvm::Type* type = load->getType();
      unsigned bytes = imageBits(type) / 8;
      smt::Term p = value(load->getPointerOperand(), s);
      check(s, Check::InvalidDeref, !accessible(s, p, pointer(bytes)), i, "a read of an invalid address");
      if (s.dead) return;
      smt::Term loaded = fromImage(loadBytes(s.memory, p, bytes), type);
      if (trackPointerBytes_)
        check(s, Check::AddressDependent, readsOtherBytes(s, p, type, loaded), i,
              "the bytes of a pointer read as something else, or the reverse", false);
      return define(s, i, loaded);
    }
    if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&i)) {
      const llvm::Value* stored = store->getValueOperand();
      if (auto k = scalarGlobalIndex(store->getPointerOperand())) {
        s.scalarGlobals[*k] = value(stored, s);
        return;
      }
      smt::Term image = toImage(value(stored, s), stored->getType());
      smt::Term p = value(store->getPointerOperand(), s);
      check(s, Check::InvalidDeref, !accessible(s, p, pointer(image.get_sort().bv_size() / 8)), i,
            "a write to an invalid address");
      if (s.dead) return;
      check(s, Check::OtherUndefined, inConstantObject(p), i, "a write to constant memory");
      if (s.dead) return;
      s.memory = storeBytes(s.memory, p, image);
      if (trackPointerBytes_) {
        std::vector<bool> mask = pointerMask(stored->getType());
        for (unsigned k = 0; k < mask.size(); ++k)
          s.pointerBytes = z3::store(s.pointerBytes, p + pointer(k), c_.bool_val(mask[k]));
      }
      return;
    }
    if (auto* alloca = llvm::dyn_cast<llvm::AllocaInst>(&i)) {
      smt::Term count = resized(value(alloca->getArraySize(), s), pointerBits_, false);
      smt::Term size = count * pointer(allocSize(alloca->getAllocatedType()));
      unsigned id = newObject(Object::Kind::Stack, size, s, &i);
      activation.stackObjects.push_back(id);
      return define(s, i, pointer(objects_[id].base));
    }
    if (auto* gep = llvm::dyn_cast<llvm::GetElementPtrInst>(&i)) {
      std::vector<smt::Term> indices;
      for (auto it = gep->idx_begin(); it != gep->idx_end(); ++it) indices.push_back(value(*it, s));
      smt::Term base = value(gep->getPointerOperand(), s);
      smt::Term result = address(llvm::cast<llvm::GEPOperator>(*gep), base, indices);
      // Memory has no provenance here: an access is valid when it lies in any live object. That is the
      // interpreter's rule (in the pointer's own object) only while pointer arithmetic stays within its object.
      check(s, Check::AddressDependent, leavesObject(base, result) || (inNoObject(base) && result != base), i,
            "pointer arithmetic leaves its object, or starts from no object", false);
      return define(s, i, result);
    }
    if (auto* cast = llvm::dyn_cast<llvm::CastInst>(&i)) return castValue(*cast, s);
    if (auto* select = llvm::dyn_cast<llvm::SelectInst>(&i)) {
      smt::Term cond = value(select->getCondition(), s) == c_.bv_val(1, 1);
      return define(s, i, z3::ite(cond, value(select->getTrueValue(), s), value(select->getFalseValue(), s)));
    }
    if (auto* freeze = llvm::dyn_cast<llvm::FreezeInst>(&i)) return define(s, i, value(freeze->getOperand(0), s));
    if (auto* extract = llvm::dyn_cast<llvm::ExtractValueInst>(&i)) {
      auto [offset, type] = aggregateOffset(extract->getAggregateOperand()->getType(), extract->getIndices());
      smt::Term whole = value(extract->getAggregateOperand(), s);
      unsigned bits = imageBits(type);
      return define(s, i, fromImage(whole.extract(8 * offset + bits - 1, 8 * offset), type));
    }
    if (auto* insert = llvm::dyn_cast<llvm::InsertValueInst>(&i)) {
      auto [offset, type] = aggregateOffset(insert->getAggregateOperand()->getType(), insert->getIndices());
      smt::Term whole = value(insert->getAggregateOperand(), s);
      smt::Term part = toImage(value(insert->getInsertedValueOperand(), s), type);
      return define(s, i, replaceBits(whole, part, 8 * offset));
    }
    if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i)) return callFunction(*call, s, activation);
    throw NotModelled{std::string("the instruction ") + i.getOpcodeName()};
  }

  std::pair<uint64_t, llvm::Type*> aggregateOffset(llvm::Type* type, llvm::ArrayRef<unsigned> indices) const {
    uint64_t offset = 0;
    for (unsigned index : indices) {
      if (auto* st = llvm::dyn_cast<llvm::StructType>(type)) {
        offset += layout_.getStructLayout(st)->getElementOffset(index);
        type = st->getElementType(index);
      } else if (auto* at = llvm::dyn_cast<llvm::ArrayType>(type)) {
        type = at->getElementType();
        offset += index * allocSize(type);
      } else {
        throw NotModelled{"an aggregate of vectors"};
      }
    }
    return {offset, type};
  }

  static smt::Term replaceBits(const smt::Term& whole, const smt::Term& part, unsigned low) {
    unsigned total = whole.get_sort().bv_size(), width = part.get_sort().bv_size();
    smt::Term v = part;
    if (low > 0) v = z3::concat(v, whole.extract(low - 1, 0));
    if (low + width < total) v = z3::concat(whole.extract(total - 1, low + width), v);
    return v;
  }

  static smt::Term arithmetic(unsigned op, const smt::Term& a, const smt::Term& b) {
    return op == llvm::Instruction::Add ? a + b : op == llvm::Instruction::Sub ? a - b : a * b;
  }

  // Whether a + b, a - b or a * b leaves the range of its width, read as signed or as unsigned numbers: computed
  // again on numbers wide enough to hold the exact result.
  static smt::Term wraps(unsigned op, const smt::Term& a, const smt::Term& b, bool isSigned) {
    const unsigned extra = op == llvm::Instruction::Mul ? a.get_sort().bv_size() : 1;
    auto widen = [&](const smt::Term& v) { return isSigned ? z3::sext(v, extra) : z3::zext(v, extra); };
    return arithmetic(op, widen(a), widen(b)) != widen(arithmetic(op, a, b));
  }

  void binary(const llvm::BinaryOperator& i, PathState& s) {
    if (i.getType()->isFloatingPointTy()) return define(s, i, floatArithmetic(i, s));
    if (i.getType()->isFPOrFPVectorTy()) throw NotModelled{"vector arithmetic"};
    if (!i.getType()->isIntegerTy()) throw NotModelled{"vector arithmetic"};
    smt::Term a = value(i.getOperand(0), s), b = value(i.getOperand(1), s);
    const unsigned w = a.get_sort().bv_size();
    const smt::Term zero = c_.bv_val(0, w);
    const smt::Term minimum = signedMinimum(w);
    const bool nsw = llvm::isa<llvm::OverflowingBinaryOperator>(i) && i.hasNoSignedWrap();
    const bool nuw = llvm::isa<llvm::OverflowingBinaryOperator>(i) && i.hasNoUnsignedWrap();
    const bool exact = llvm::isa<llvm::PossiblyExactOperator>(i) && i.isExact();
    switch (i.getOpcode()) {
      case llvm::Instruction::Add:
      case llvm::Instruction::Sub:
      case llvm::Instruction::Mul: {
        const auto op = i.getOpcode();
        smt::Term r = arithmetic(op, a, b);
        if (nsw) {
          check(s, Check::SignedOverflow, wraps(op, a, b, true), i, "signed overflow");
          if (s.dead) return;
        }
        if (nuw) {
          check(s, Check::OtherUndefined, wraps(op, a, b, false), i, "unsigned wrap-around marked nuw");
          if (s.dead) return;
        }
        if (unsignedWrapChecks_ && frontend::isUnsignedArithmetic(i)) {
          check(s, Check::WrapAround, wraps(op, a, b, false), i, "unsigned wrap-around");
          if (s.dead) return;
        }
        if (op == llvm::Instruction::Sub) pointerDifference(i, s);
        return define(s, i, r);
      }
      case llvm::Instruction::UDiv:
      case llvm::Instruction::URem:
        check(s, Check::DivisionByZero, b == zero, i, "division by zero");
        if (s.dead) return;
        if (exact) check(s, Check::OtherUndefined, z3::urem(a, b) != zero, i, "inexact division marked exact");
        return define(s, i, i.getOpcode() == llvm::Instruction::UDiv ? z3::udiv(a, b) : z3::urem(a, b));
      case llvm::Instruction::SDiv:
      case llvm::Instruction::SRem: {
        check(s, Check::DivisionByZero, b == zero, i, "division by zero");
        if (s.dead) return;
        smt::Term overflows = a == minimum && b == c_.bv_val(-1, w);
        if (i.getOpcode() == llvm::Instruction::SDiv) {
          check(s, Check::SignedOverflow, overflows, i, "signed division overflows");
          if (s.dead) return;
          if (exact) check(s, Check::OtherUndefined, z3::srem(a, b) != zero, i, "inexact division marked exact");
          return define(s, i, a / b);
        }
        check(s, Check::RemainderOverflow, overflows, i, "INT_MIN % -1");
        return define(s, i, z3::srem(a, b));
      }
      case llvm::Instruction::Shl:
      case llvm::Instruction::LShr:
      case llvm::Instruction::AShr: {
        check(s, Check::InvalidShift, z3::uge(b, c_.bv_val(w, w)), i, "shift amount out of range");
        if (s.dead) return;
        const auto op = i.getOpcode();
        smt::Term r = op == llvm::Instruction::Shl    ? z3::shl(a, b)
                      : op == llvm::Instruction::LShr ? z3::lshr(a, b)
                                                      : z3::ashr(a, b);
        if (op == llvm::Instruction::Shl && nsw)
          check(s, Check::OtherUndefined, z3::ashr(r, b) != a, i, "left shift overflows an operation marked nsw");
        if (op == llvm::Instruction::Shl && nuw)
          check(s, Check::OtherUndefined, z3::lshr(r, b) != a, i, "left shift overflows an operation marked nuw");
        // Bits shifted out of an unsigned value (a signed one that loses them is undefined, and trapped before).
        if (op == llvm::Instruction::Shl && !nsw && unsignedWrapChecks_)
          check(s, Check::WrapAround, z3::lshr(r, b) != a, i, "unsigned wrap-around of a left shift");
        if (op != llvm::Instruction::Shl && exact)
          check(s, Check::OtherUndefined, z3::shl(r, b) != a, i, "inexact shift marked exact");
        return define(s, i, r);
      }
      case llvm::Instruction::And:
        return define(s, i, a & b);
      case llvm::Instruction::Or:
        return define(s, i, a | b);
      case llvm::Instruction::Xor:
        return define(s, i, a ^ b);
      default:
        throw NotModelled{std::string("the instruction ") + i.getOpcodeName()};
    }
  }

  // ptrtoint p - ptrtoint q is the distance between two pointers only when both point into the same object.
  void pointerDifference(const llvm::BinaryOperator& i, PathState& s) {
    auto* p = llvm::dyn_cast<llvm::PtrToIntInst>(i.getOperand(0));
    auto* q = llvm::dyn_cast<llvm::PtrToIntInst>(i.getOperand(1));
    if (!p || !q) return;
    check(s, Check::AddressDependent, !sameObject(value(p->getOperand(0), s), value(q->getOperand(0), s)), i,
          "the difference of pointers into different objects", false);
  }

  static bool onlyPointerDifferences(const llvm::PtrToIntInst& i) {
    for (const llvm::User* u : i.users()) {
      auto* sub = llvm::dyn_cast<llvm::BinaryOperator>(u);
      if (!sub || sub->getOpcode() != llvm::Instruction::Sub || !llvm::isa<llvm::PtrToIntInst>(sub->getOperand(0)) ||
          !llvm::isa<llvm::PtrToIntInst>(sub->getOperand(1)))
        return false;
    }
    return true;
  }

  void compare(const llvm::ICmpInst& i, PathState& s) {
    if (!i.getOperand(0)->getType()->isIntOrPtrTy()) throw NotModelled{"a comparison of vectors"};
    smt::Term a = value(i.getOperand(0), s), b = value(i.getOperand(1), s);
    if (i.getOperand(0)->getType()->isPointerTy()) {
      const bool withNull = llvm::isa<llvm::ConstantPointerNull>(i.getOperand(0)) ||
                            llvm::isa<llvm::ConstantPointerNull>(i.getOperand(1));
      if (i.isEquality()) {
        if (!withNull)
          check(s, Check::AddressDependent,
                ((onePastAnEnd(a) || onePastAnEnd(b)) && !sameObject(a, b)) || dangling(s, a) || dangling(s, b), i,
                "a comparison with a pointer one past an object or to no live object", false);
      } else {
        check(s, Check::AddressDependent, !sameObject(a, b), i, "an order between different objects", false);
      }
    }
    smt::Term r = c_.bool_val(false);
    using P = llvm::CmpInst::Predicate;
    switch (i.getPredicate()) {
      case P::ICMP_EQ:
        r = a == b;
        break;
      case P::ICMP_NE:
        r = a != b;
        break;
      case P::ICMP_UGT:
        r = z3::ugt(a, b);
        break;
      case P::ICMP_UGE:
        r = z3::uge(a, b);
        break;
      case P::ICMP_ULT:
        r = z3::ult(a, b);
        break;
      case P::ICMP_ULE:
        r = z3::ule(a, b);
        break;
      case P::ICMP_SGT:
        r = a > b;
        break;
      case P::ICMP_SGE:
        r = a >= b;
        break;
      case P::ICMP_SLT:
        r = a < b;
        break;
      case P::ICMP_SLE:
        r = a <= b;
        break;
      default:
        throw NotModelled{"a comparison predicate"};
    }
    define(s, i, bit(r, c_));
  }

  void castValue(const llvm::CastInst& i, PathState& s) {
    llvm::Type* to = i.getType();
    llvm::Type* from = i.getSrcTy();
    if (to->isVectorTy() || from->isVectorTy()) throw NotModelled{"a cast of vectors"};
    switch (i.getOpcode()) {
      case llvm::Instruction::Trunc:
      case llvm::Instruction::ZExt:
      case llvm::Instruction::SExt:
        return define(s, i,
                      resized(value(i.getOperand(0), s), valueBits(to), i.getOpcode() == llvm::Instruction::SExt));
      case llvm::Instruction::BitCast:
      case llvm::Instruction::AddrSpaceCast:
        if (valueBits(to) != valueBits(from)) throw NotModelled{"a bitcast between sizes"};
        return define(s, i, value(i.getOperand(0), s));
      case llvm::Instruction::PtrToInt:
        if (!onlyPointerDifferences(llvm::cast<llvm::PtrToIntInst>(i)))
          check(s, Check::AddressDependent, c_.bool_val(true), i, "a pointer converted to an integer", false);
        return define(s, i, resized(value(i.getOperand(0), s), valueBits(to), false));
      case llvm::Instruction::IntToPtr:
        check(s, Check::AddressDependent, c_.bool_val(true), i, "an integer converted to a pointer", false);
        return define(s, i, resized(value(i.getOperand(0), s), pointerBits_, false));
      case llvm::Instruction::FPTrunc:
      case llvm::Instruction::FPExt: {
        smt::Term x = toFloat(value(i.getOperand(0), s), from);
        return define(s, i, fromFloat(z3::to_expr(c_, Z3_mk_fpa_to_fp_float(c_, nearestEven(), x, floatSort(to))), to));
      }
      case llvm::Instruction::SIToFP:
      case llvm::Instruction::UIToFP: {
        smt::Term v = value(i.getOperand(0), s);
        Z3_ast x = i.getOpcode() == llvm::Instruction::SIToFP
                       ? Z3_mk_fpa_to_fp_signed(c_, nearestEven(), v, floatSort(to))
                       : Z3_mk_fpa_to_fp_unsigned(c_, nearestEven(), v, floatSort(to));
        return define(s, i, fromFloat(z3::to_expr(c_, x), to));
      }
      case llvm::Instruction::FPToSI:
      case llvm::Instruction::FPToUI: {
        // Out of range (after truncation toward zero) or NaN, the result is poison: the interpreter stops there.
        const bool isSigned = i.getOpcode() == llvm::Instruction::FPToSI;
        const unsigned w = valueBits(to);
        smt::Term x = toFloat(value(i.getOperand(0), s), from);
        smt::Term truncated = z3::to_expr(c_, Z3_mk_fpa_round_to_integral(c_, towardZero(), x));
        smt::Term limit = power(isSigned ? w - 1 : w, from);
        smt::Term fits = isSigned ? (fpLessEqual(-limit, truncated) && fpLess(truncated, limit))
                                  : (fpLess(-one(from), truncated) && fpLess(truncated, limit));
        check(s, Check::OtherUndefined, !fits, i,
              "conversion of an out-of-range floating-point value to an integer");
        if (s.dead) return;
        Z3_ast r = isSigned ? Z3_mk_fpa_to_sbv(c_, towardZero(), x, w) : Z3_mk_fpa_to_ubv(c_, towardZero(), x, w);
        return define(s, i, z3::to_expr(c_, r));
      }
      default:
        throw NotModelled{std::string("the conversion ") + i.getOpcodeName()};
    }
  }

  // ---- floating point ----
  // IEEE 754 single and double precision, rounding to nearest even, as the interpreter computes them on the host.
  // Values stay bit patterns; a NaN result may be any NaN pattern (LLVM leaves sign and payload open).

  z3::sort floatSort(const llvm::Type* type) {
    if (type->isFloatTy()) return z3::sort(c_, Z3_mk_fpa_sort(c_, 8, 24));
    if (type->isDoubleTy()) return z3::sort(c_, Z3_mk_fpa_sort(c_, 11, 53));
    throw NotModelled{"floating-point types other than float and double"};
  }
  smt::Term nearestEven() { return z3::to_expr(c_, Z3_mk_fpa_rne(c_)); }
  smt::Term towardZero() { return z3::to_expr(c_, Z3_mk_fpa_rtz(c_)); }

  smt::Term toFloat(const smt::Term& bits, const llvm::Type* type) {
    return z3::to_expr(c_, Z3_mk_fpa_to_fp_bv(c_, bits, floatSort(type)));
  }
  smt::Term fromFloat(const smt::Term& x, const llvm::Type* type) {
    const unsigned w = valueBits(type);
    smt::Term anyNaN = fresh("nan", w);
    out_.background.push_back(z3::to_expr(c_, Z3_mk_fpa_is_nan(c_, toFloat(anyNaN, type))));
    smt::Term isNaN = z3::to_expr(c_, Z3_mk_fpa_is_nan(c_, x));
    return z3::ite(isNaN, anyNaN, z3::to_expr(c_, Z3_mk_fpa_to_ieee_bv(c_, x)));
  }
  smt::Term isNaN(const smt::Term& x) { return z3::to_expr(c_, Z3_mk_fpa_is_nan(c_, x)); }
  smt::Term fpLess(const smt::Term& a, const smt::Term& b) { return z3::to_expr(c_, Z3_mk_fpa_lt(c_, a, b)); }
  smt::Term fpLessEqual(const smt::Term& a, const smt::Term& b) { return z3::to_expr(c_, Z3_mk_fpa_leq(c_, a, b)); }
  smt::Term one(const llvm::Type* type) {
    return z3::to_expr(c_, Z3_mk_fpa_to_fp_signed(c_, nearestEven(), c_.bv_val(1, 8), floatSort(type)));
  }
  // 2^k, exactly representable in both formats for the integer widths (k <= 64).
  smt::Term power(unsigned k, const llvm::Type* type) {
    smt::Term v = c_.bv_val(1, 128);
    v = z3::shl(v, c_.bv_val(k, 128));
    return z3::to_expr(c_, Z3_mk_fpa_to_fp_unsigned(c_, nearestEven(), v.simplify(), floatSort(type)));
  }

  smt::Term absoluteFloat(const smt::Term& bits) {
    const unsigned w = bits.get_sort().bv_size();
    return bits & ~signedMinimum(w);
  }
  smt::Term squareRoot(const smt::Term& bits, const llvm::Type* type) {
    return fromFloat(z3::to_expr(c_, Z3_mk_fpa_sqrt(c_, nearestEven(), toFloat(bits, type))), type);
  }

  smt::Term floatArithmetic(const llvm::BinaryOperator& i, const PathState& s) {
    const llvm::Type* type = i.getType();
    smt::Term a = toFloat(value(i.getOperand(0), s), type), b = toFloat(value(i.getOperand(1), s), type);
    Z3_ast r = nullptr;
    switch (i.getOpcode()) {
      case llvm::Instruction::FAdd:
        r = Z3_mk_fpa_add(c_, nearestEven(), a, b);
        break;
      case llvm::Instruction::FSub:
        r = Z3_mk_fpa_sub(c_, nearestEven(), a, b);
        break;
      case llvm::Instruction::FMul:
        r = Z3_mk_fpa_mul(c_, nearestEven(), a, b);
        break;
      case llvm::Instruction::FDiv:
        r = Z3_mk_fpa_div(c_, nearestEven(), a, b);
        break;
      default:
        throw NotModelled{"the floating-point remainder"};  // fmod is not IEEE's remainder
    }
    return fromFloat(z3::to_expr(c_, r), type);
  }

  smt::Term floatCompare(const llvm::FCmpInst& i, const PathState& s) {
    const llvm::Type* type = i.getOperand(0)->getType();
    if (!type->isFloatingPointTy()) throw NotModelled{"a comparison of vectors"};
    smt::Term a = toFloat(value(i.getOperand(0), s), type), b = toFloat(value(i.getOperand(1), s), type);
    smt::Term unordered = isNaN(a) || isNaN(b);
    smt::Term eq = z3::to_expr(c_, Z3_mk_fpa_eq(c_, a, b));
    smt::Term lt = fpLess(a, b), le = fpLessEqual(a, b);
    smt::Term gt = fpLess(b, a), ge = fpLessEqual(b, a);
    using P = llvm::CmpInst::Predicate;
    switch (i.getPredicate()) {
      case P::FCMP_FALSE:
        return c_.bool_val(false);
      case P::FCMP_OEQ:
        return eq;
      case P::FCMP_OGT:
        return gt;
      case P::FCMP_OGE:
        return ge;
      case P::FCMP_OLT:
        return lt;
      case P::FCMP_OLE:
        return le;
      case P::FCMP_ONE:
        return !unordered && !eq;
      case P::FCMP_ORD:
        return !unordered;
      case P::FCMP_UNO:
        return unordered;
      case P::FCMP_UEQ:
        return unordered || eq;
      case P::FCMP_UGT:
        return unordered || gt;
      case P::FCMP_UGE:
        return unordered || ge;
      case P::FCMP_ULT:
        return unordered || lt;
      case P::FCMP_ULE:
        return unordered || le;
      case P::FCMP_UNE:
        return unordered || !eq;
      case P::FCMP_TRUE:
        return c_.bool_val(true);
      default:
        throw NotModelled{"a floating-point comparison predicate"};
    }
  }

  // ---- calls ----

  void callFunction(const llvm::CallInst& call, PathState& s, Activation& activation) {
    // A function called through a cast of its address (C without prototypes) is still a direct call.
    const auto* callee = llvm::dyn_cast<llvm::Function>(call.getCalledOperand()->stripPointerCasts());
    if (!callee) return callThroughPointer(call, s, activation);
    if (callee->isIntrinsic()) return intrinsic(call, *callee, s, activation);
    if (callee->getFunctionType() != call.getFunctionType() && !callee->isDeclaration() &&
        !matchesParameters(call, *callee))
      throw NotModelled{"a call whose arguments do not match the function's parameters"};
    callKnown(call, *callee, s, activation);
  }

  // The arguments a call passes fill the function's parameters and take their types (further arguments are
  // ignored), and the result has the type the call expects.
  static bool matchesParameters(const llvm::CallInst& call, const llvm::Function& callee) {
    if (call.arg_size() < callee.arg_size()) return false;
    for (unsigned k = 0; k < callee.arg_size(); ++k)
      if (call.getArgOperand(k)->getType() != callee.getArg(k)->getType()) return false;
    return call.getType()->isVoidTy() || call.getType() == callee.getReturnType();
  }

  void callKnown(const llvm::CallInst& call, const llvm::Function& callee, PathState& s, Activation& activation) {
    frontend::EnvFunction kind = frontend::classifyFunction(callee.getName());
    // As in the interpreter: a function the program defines runs its own body, whatever its name, except that
    // reach_error and the nondet functions always mean what SV-COMP says.
    const bool byName = kind == frontend::EnvFunction::ReachError || kind == frontend::EnvFunction::Nondet;
    if (kind != frontend::EnvFunction::None && (byName || callee.isDeclaration()))
      return environment(call, callee, kind, s, activation);
    if (callee.isDeclaration()) throw NotModelled{"the external function " + callee.getName().str()};
    if (callee.isVarArg()) throw NotModelled{"a variadic function"};
    if (static_cast<unsigned>(std::count(callStack_.begin(), callStack_.end(), &callee)) >= bound_) {
      check(s, Check::UnwindingBound, c_.bool_val(true), call, "recursion deeper than " + std::to_string(bound_));
      return;
    }
    if (callStack_.size() >= kMaxNestedCalls) {
      check(s, Check::UnwindingBound, c_.bool_val(true), call,
            "calls nested deeper than " + std::to_string(kMaxNestedCalls));
      return;
    }
    for (unsigned k = 0; k < callee.arg_size(); ++k)
      if (call.paramHasAttr(k, llvm::Attribute::ByVal)) throw NotModelled{"an argument passed by value in memory"};
    PathState entry{s.guard, s.memory, s.pointerBytes, s.alive, s.scalarGlobals, {}};
    for (unsigned k = 0; k < callee.arg_size(); ++k)
      entry.values.emplace(place(callee.getArg(k)), value(call.getArgOperand(k), s));
    auto returned = encodeFunction(callee, std::move(entry));
    if (!returned) {
      s.dead = true;
      return;
    }
    s.guard = returned->first.guard;
    s.memory = returned->first.memory;
    s.pointerBytes = returned->first.pointerBytes;
    s.alive = returned->first.alive;
    s.scalarGlobals = returned->first.scalarGlobals;
    if (returned->second && !call.getType()->isVoidTy()) define(s, call, *returned->second);
  }

  // A call through a pointer: one call per function of the call's type whose address the program takes, each where
  // the pointer is that function's address. Anything else is undefined (the interpreter stops there too).
  void callThroughPointer(const llvm::CallInst& call, PathState& s, Activation& activation) {
    smt::Term target = value(call.getCalledOperand(), s);
    std::vector<PathState> after;
    smt::Term none = c_.bool_val(true);
    for (const llvm::Function& f : module_) {
      if (f.isIntrinsic() || f.getFunctionType() != call.getFunctionType() || !f.hasAddressTaken()) continue;
      smt::Term is = small(target == pointer(functionAddress(&f)));
      none = none && !is;
      if (is.is_false()) continue;
      PathState branch = s;
      branch.guard = s.guard && is;
      try {
        callKnown(call, f, branch, activation);
      } catch (const NotModelled& n) {
        check(branch, Check::NotModelled, c_.bool_val(true), call, n.what);
      }
      if (!branch.dead) after.push_back(std::move(branch));
    }
    // The executions that call no function stop here; the others continue from their calls, merged.
    check(s, Check::OtherUndefined, none, call, "a call through a pointer to no function of the call's type",
          false);
    if (after.empty()) {
      s.dead = true;
      return;
    }
    s = merge(after);
  }

  smt::Term argument(const llvm::CallInst& call, unsigned k, const PathState& s) {
    if (k >= call.arg_size()) throw NotModelled{"a call with too few arguments"};
    return value(call.getArgOperand(k), s);
  }

  void memoryIntrinsic(const llvm::CallInst& call, bool isSet, bool mayOverlap, PathState& s) {
    smt::Term dst = argument(call, 0, s);
    smt::Term n = resized(argument(call, 2, s), pointerBits_, false);
    smt::Term nonEmpty = n != pointer(0);
    check(s, Check::InvalidDeref, nonEmpty && !accessible(s, dst, n), call,
          "a write of a range with invalid addresses");
    if (s.dead) return;
    check(s, Check::OtherUndefined, nonEmpty && inConstantObject(dst), call, "a write to constant memory");
    if (s.dead) return;
    if (isSet) {
      smt::Term fill = resized(argument(call, 1, s), 8, false);
      s.memory = replaceRange(s.memory, dst, n, &fill, nullptr, nullptr);
      smt::Term noPointer = c_.bool_val(false);
      if (trackPointerBytes_) s.pointerBytes = replaceRange(s.pointerBytes, dst, n, &noPointer, nullptr, nullptr);
      return;
    }
    smt::Term src = argument(call, 1, s);
    check(s, Check::InvalidDeref, nonEmpty && !accessible(s, src, n), call, "a read of a range with invalid addresses");
    if (s.dead) return;
    if (!mayOverlap)
      check(s, Check::OtherUndefined, nonEmpty && (z3::ult(dst - src, n) || z3::ult(src - dst, n)), call,
            "memcpy between overlapping regions");
    if (s.dead) return;
    smt::Term old = s.memory;
    s.memory = replaceRange(s.memory, dst, n, nullptr, &old, &src);
    if (trackPointerBytes_) {
      smt::Term oldShadow = s.pointerBytes;
      s.pointerBytes = replaceRange(s.pointerBytes, dst, n, nullptr, &oldShadow, &src);
    }
  }

  void intrinsic(const llvm::CallInst& call, const llvm::Function& callee, PathState& s, Activation& activation) {
    switch (callee.getIntrinsicID()) {
      case llvm::Intrinsic::dbg_declare:
      case llvm::Intrinsic::dbg_value:
      case llvm::Intrinsic::dbg_label:
      case llvm::Intrinsic::donothing:
      case llvm::Intrinsic::experimental_noalias_scope_decl:
        return;
      case llvm::Intrinsic::expect:
        return define(s, call, argument(call, 0, s));
      case llvm::Intrinsic::fabs:
        if (!call.getType()->isFloatingPointTy()) throw NotModelled{"fabs of a vector"};
        return define(s, call, absoluteFloat(argument(call, 0, s)));
      case llvm::Intrinsic::sqrt:
        return define(s, call, squareRoot(argument(call, 0, s), call.getType()));
      case llvm::Intrinsic::memcpy:
        return memoryIntrinsic(call, false, false, s);
      case llvm::Intrinsic::memmove:
        return memoryIntrinsic(call, false, true, s);
      case llvm::Intrinsic::memset:
        return memoryIntrinsic(call, true, true, s);
      case llvm::Intrinsic::lifetime_start:
      case llvm::Intrinsic::lifetime_end:
        return lifetime(call, callee.getIntrinsicID() == llvm::Intrinsic::lifetime_start, s, activation);
      case llvm::Intrinsic::stacksave:
        // The token is the number of objects so far: stackrestore ends the stack objects allocated after it.
        return define(s, call, pointer(objects_.size()));
      case llvm::Intrinsic::stackrestore: {
        uint64_t first = 0;
        if (!small(argument(call, 0, s)).is_numeral_u64(first)) throw NotModelled{"stackrestore of an unknown point"};
        for (unsigned id : activation.stackObjects)
          if (id >= first && id < s.alive.size()) s.alive[id] = c_.bool_val(false);
        return;
      }
      case llvm::Intrinsic::ubsantrap: {
        uint64_t kind = llvm::cast<llvm::ConstantInt>(call.getArgOperand(0))->getZExtValue();
        if (kind == frontend::kUbsanShiftOutOfBounds)
          check(s, Check::SignedOverflow, c_.bool_val(true), call, "a signed left shift overflows");
        else
          check(s, Check::OtherUndefined, c_.bool_val(true), call, "clang's undefined-behaviour check fails");
        return;
      }
      case llvm::Intrinsic::sadd_with_overflow:
      case llvm::Intrinsic::uadd_with_overflow:
      case llvm::Intrinsic::ssub_with_overflow:
      case llvm::Intrinsic::usub_with_overflow:
      case llvm::Intrinsic::smul_with_overflow:
      case llvm::Intrinsic::umul_with_overflow: {
        llvm::Intrinsic::ID id = callee.getIntrinsicID();
        smt::Term a = argument(call, 0, s), b = argument(call, 1, s);
        const bool isSigned = id == llvm::Intrinsic::sadd_with_overflow || id == llvm::Intrinsic::ssub_with_overflow ||
                              id == llvm::Intrinsic::smul_with_overflow;
        const auto op = id == llvm::Intrinsic::sadd_with_overflow || id == llvm::Intrinsic::uadd_with_overflow
                            ? llvm::Instruction::Add
                        : id == llvm::Intrinsic::ssub_with_overflow || id == llvm::Intrinsic::usub_with_overflow
                            ? llvm::Instruction::Sub
                            : llvm::Instruction::Mul;
        smt::Term r = arithmetic(op, a, b);
        smt::Term flag = bit(wraps(op, a, b, isSigned), c_);
        auto* type = llvm::cast<llvm::StructType>(call.getType());
        const llvm::StructLayout* sl = layout_.getStructLayout(type);
        smt::Term whole = c_.bv_val(0, imageBits(type));
        whole = replaceBits(whole, toImage(r, type->getElementType(0)), 8 * sl->getElementOffset(0));
        whole = replaceBits(whole, toImage(flag, type->getElementType(1)), 8 * sl->getElementOffset(1));
        return define(s, call, whole);
      }
      case llvm::Intrinsic::smax:
      case llvm::Intrinsic::smin:
      case llvm::Intrinsic::umax:
      case llvm::Intrinsic::umin: {
        llvm::Intrinsic::ID id = callee.getIntrinsicID();
        smt::Term a = argument(call, 0, s), b = argument(call, 1, s);
        smt::Term aWins = id == llvm::Intrinsic::smax   ? a >= b
                          : id == llvm::Intrinsic::smin ? a <= b
                          : id == llvm::Intrinsic::umax ? z3::uge(a, b)
                                                        : z3::ule(a, b);
        return define(s, call, z3::ite(aWins, a, b));
      }
      case llvm::Intrinsic::abs: {
        smt::Term a = argument(call, 0, s);
        const unsigned w = a.get_sort().bv_size();
        smt::Term minimum = signedMinimum(w);
        if (llvm::cast<llvm::ConstantInt>(call.getArgOperand(1))->isOne())
          check(s, Check::OtherUndefined, a == minimum, call, "abs of the minimum integer marked poison");
        return define(s, call, z3::ite(a < c_.bv_val(0, w), -a, a));
      }
      default:
        throw NotModelled{"the intrinsic " + callee.getName().str()};
    }
  }

  void lifetime(const llvm::CallInst& call, bool starts, PathState& s, Activation& activation) {
    uint64_t address = 0;
    if (!small(argument(call, 1, s)).is_numeral_u64(address))
      throw NotModelled{"a lifetime marker of an unknown object"};
    for (unsigned id : activation.stackObjects) {
      if (objects_[id].base != address) continue;
      if (!starts) {
        if (id < s.alive.size()) s.alive[id] = c_.bool_val(false);
        return;
      }
      // A scope entered again is a new object; pointers to the old one dangle. It starts uninitialized.
      const llvm::Value* alloca = call.getArgOperand(1)->stripPointerCasts();
      smt::Term stillAlive = aliveIn(s, id);
      if (stillAlive.is_true()) return;
      if (!stillAlive.is_false()) throw NotModelled{"a scope whose object may or may not live"};
      unsigned fresh = newObject(Object::Kind::Stack, objects_[id].size, s, &call);
      activation.stackObjects.push_back(fresh);
      s.values.insert_or_assign(place(alloca), pointer(objects_[fresh].base));
      return;
    }
    throw NotModelled{"a lifetime marker of an unknown object"};
  }

  void environment(const llvm::CallInst& call, const llvm::Function& callee, frontend::EnvFunction kind, PathState& s,
                   Activation& activation) {
    using E = frontend::EnvFunction;
    switch (kind) {
      case E::Nondet:
        return nondet(call, callee, s);
      case E::Assume: {
        smt::Term holds = argument(call, 0, s) != c_.bv_val(0, valueBits(call.getArgOperand(0)->getType()));
        smt::Term h = small(holds);
        if (h.is_false())
          s.dead = true;
        else if (!h.is_true())
          s.guard = s.guard && h;
        return;
      }
      case E::ReachError:
        if (!frontend::reachErrorEnds(callee)) {
          check(s, Check::ReachErrorReturns, c_.bool_val(true), call, "reach_error() is called, and may return");
          return;
        }
        // It aborts: the heap left then is heap left at abort.
        check(s, Check::HeapAtAbort, heapAlive(s), call, "heap memory is still allocated when reach_error aborts",
              false);
        check(s, Check::ReachError, c_.bool_val(true), call, "reach_error() is called");
        return;
      case E::Abort:
      case E::AssertFail:
        return programEnd(s, Check::HeapAtAbort, call, "abort is called");
      case E::Exit:
        return programEnd(s, Check::HeapAtEnd, call, "exit is called");
      case E::Malloc:
      case E::Alloca: {
        smt::Term size = resized(argument(call, 0, s), pointerBits_, false);
        unsigned id = newObject(kind == E::Malloc ? Object::Kind::Heap : Object::Kind::Stack, size, s, &call);
        if (kind == E::Alloca) activation.stackObjects.push_back(id);
        return define(s, call, pointer(objects_[id].base));
      }
      case E::Calloc: {
        smt::Term n = resized(argument(call, 0, s), pointerBits_, false);
        smt::Term m = resized(argument(call, 1, s), pointerBits_, false);
        smt::Term wide = z3::zext(n, pointerBits_) * z3::zext(m, pointerBits_);
        check(s, Check::NotModelled, wide.extract(2 * pointerBits_ - 1, pointerBits_) != c_.bv_val(0, pointerBits_),
              call, "calloc of more bytes than size_t holds");
        if (s.dead) return;
        smt::Term size = n * m;
        unsigned id = newObject(Object::Kind::Heap, size, s, &call);
        smt::Term zero = c_.bv_val(0, 8);
        s.memory = replaceRange(s.memory, pointer(objects_[id].base), size, &zero, nullptr, nullptr);
        // A fresh object's bytes hold no pointer: the shadow is false wherever nothing was stored.
        return define(s, call, pointer(objects_[id].base));
      }
      case E::Free: {
        smt::Term p = argument(call, 0, s);
        smt::Term valid = p == pointer(0);
        for (unsigned id = 0; id < s.alive.size(); ++id)
          if (objects_[id].kind == Object::Kind::Heap && !s.alive[id].is_false())
            valid = valid || (s.alive[id] && p == pointer(objects_[id].base));
        check(s, Check::InvalidFree, !valid, call, "free of an invalid pointer");
        if (s.dead) return;
        for (unsigned id = 0; id < s.alive.size(); ++id)
          if (objects_[id].kind == Object::Kind::Heap && !s.alive[id].is_false())
            s.alive[id] = small(s.alive[id] && p != pointer(objects_[id].base));
        return;
      }
      case E::Memset:
      case E::Memcpy:
      case E::Memmove:
        memoryIntrinsic(call, kind == E::Memset, kind != E::Memcpy, s);
        if (!s.dead && !call.getType()->isVoidTy()) define(s, call, argument(call, 0, s));
        return;
      case E::Abs:
      case E::Labs:
      case E::LLabs: {
        smt::Term a = argument(call, 0, s);
        const unsigned w = valueBits(call.getType());
        a = resized(a, w, true);
        smt::Term minimum = signedMinimum(w);
        check(s, Check::SignedOverflow, a == minimum, call, "abs of the minimum integer overflows");
        if (s.dead) return;
        return define(s, call, z3::ite(a < c_.bv_val(0, w), -a, a));
      }
      case E::NoEffect:
        return;
      case E::Fabs:
        if (!call.getType()->isFloatingPointTy()) throw NotModelled{"fabs at a non-floating-point type"};
        return define(s, call, absoluteFloat(argument(call, 0, s)));
      case E::Sqrt:
        if (!call.getType()->isFloatingPointTy()) throw NotModelled{"sqrt at a non-floating-point type"};
        return define(s, call, squareRoot(argument(call, 0, s), call.getType()));
      default:
        throw NotModelled{"the library function " + callee.getName().str()};
    }
  }

  void nondet(const llvm::CallInst& call, const llvm::Function& callee, PathState& s) {
    auto type = frontend::nondetType(callee,
                                     pointerBits_ == 32 ? frontend::DataModel::ILP32 : frontend::DataModel::LP64);
    if (!type) throw NotModelled{"the nondet function " + callee.getName().str() + " of unknown type"};
    if (type->kind == frontend::NondetKind::Pointer) throw NotModelled{"nondeterministic pointers"};
    const bool isBool = type->kind == frontend::NondetKind::Bool;
    smt::Term drawn = fresh("nondet", isBool ? 1 : type->bits);
    out_.draws.push_back(NondetDraw{s.guard, drawn});
    if (call.getType()->isVoidTy()) return;
    if (type->kind == frontend::NondetKind::Float || type->kind == frontend::NondetKind::Double) {
      if (!call.getType()->isFloatingPointTy() || valueBits(call.getType()) != type->bits)
        throw NotModelled{"a nondet floating-point value used at another type"};
      return define(s, call, drawn);
    }
    if (!call.getType()->isIntegerTy()) throw NotModelled{"a nondet value used at a non-integer type"};
    smt::Term asC = isBool && type->bits > 1 ? z3::zext(drawn, type->bits - 1) : drawn;
    define(s, call, resized(asC, valueBits(call.getType()), type->isSigned));
  }

  z3::context& c_;
  llvm::Module& module_;
  const llvm::DataLayout& layout_;
  unsigned bound_;
  bool recurrences_;
  bool headStates_;
  bool unsignedWrapChecks_;
  size_t maxInstructions_;
  Deadline deadline_;
  unsigned pointerBits_;
  uint64_t symbolicReservation_;
  uint64_t nextAddress_ = kFirstAddress;
  unsigned freshCount_ = 0;
  size_t encodedInstructions_ = 0;
  bool trackPointerBytes_ = false;
  std::vector<Object> objects_;
  std::unordered_map<const llvm::Value*, size_t> places_;  // each global, argument and instruction: its place
  std::unordered_map<const llvm::Value*, unsigned> globalObjects_;
  std::unordered_map<const llvm::GlobalVariable*, size_t> scalarGlobals_;
  std::unordered_map<const llvm::Function*, uint64_t> functionAddresses_;
  std::map<const llvm::Function*, FunctionShape> shapes_;
  // readByte's answers by (memory term, address); the memory term is kept so that its id is not reused.
  std::map<std::pair<unsigned, uint64_t>, std::pair<smt::Term, smt::Term>> bytesRead_;
  std::vector<const llvm::Function*> callStack_;
  // loopState of each head whose visits are recorded, made at its first visit.
  std::unordered_map<const llvm::BasicBlock*, std::vector<const llvm::Value*>> loopStates_;
  std::optional<smt::Term> initialMemory_;
  std::optional<smt::Term> zeroedGlobals_;          // the initial memory with the zero-initialized globals in it
  std::map<uint64_t, uint64_t> zeroedGlobalBytes_;  // [base, end) of each zero-initialized global
  std::unordered_map<uint64_t, smt::Term> initialByteVariables_;
  Encoding out_;
};

}  // namespace

bool anySubterm(const smt::Term& term, const std::function<bool(const smt::Term&)>& holds) {
  std::vector<smt::Term> todo{term};
  std::unordered_set<unsigned> seen;
  while (!todo.empty()) {
    smt::Term t = todo.back();
    todo.pop_back();
    if (!seen.insert(t.id()).second) continue;
    if (holds(t)) return true;
    if (t.is_app())
      for (unsigned k = 0; k < t.num_args(); ++k) todo.push_back(t.arg(k));
  }
  return false;
}

Encoding encode(z3::context& context, llvm::Module& module, const EncodingOptions& options) {
  try {
    return Encoder(context, module, options).run();
  } catch (const NotModelled& n) {
    throw EncodingFailure(n.what);
  }
}

std::vector<bool> holdIn(const z3::model& model, const std::vector<smt::Term>& conditions) {
  std::vector<bool> holds;
  if (conditions.empty()) return holds;
  z3::context& context = model.ctx();
  z3::expr_vector bits(context);
  for (size_t k = conditions.size(); k-- > 0;)
    bits.push_back(z3::ite(conditions[k], context.bv_val(1, 1), context.bv_val(0, 1)));
  const smt::Term all = model.eval(bits.size() == 1 ? bits[0] : z3::concat(bits), true);
  // Read once as a string of binary digits, most significant first and without leading zeros: extracting each bit
  // from the numeral would take time linear in its width for every condition.
  const std::string digits = all.is_numeral() ? Z3_get_numeral_binary_string(context, all) : "";
  for (size_t k = 0; k < conditions.size(); ++k)
    holds.push_back(k < digits.size() && digits[digits.size() - 1 - k] == '1');
  return holds;
}

std::vector<uint64_t> inputsOf(const z3::model& model, const Encoding& encoding, size_t first, size_t last) {
  last = std::min(last, encoding.draws.size());
  std::vector<smt::Term> reached;
  for (size_t k = first; k < last; ++k) reached.push_back(encoding.draws[k].reached);
  std::vector<bool> made = holdIn(model, reached);
  std::vector<uint64_t> inputs;
  for (size_t k = first; k < last; ++k) {
    if (!made[k - first]) continue;
    uint64_t v = 0;
    model.eval(encoding.draws[k].value, true).is_numeral_u64(v);
    inputs.push_back(v);
  }
  return inputs;
}

Iteration encodeIteration(z3::context& context, llvm::Module& module, const llvm::BasicBlock& head,
                          const EncodingOptions& options) {
  try {
    return Encoder(context, module, options).runIteration(head);
  } catch (const NotModelled& n) {
    throw EncodingFailure(n.what);
  }
}

std::vector<const llvm::Value*> loopState(const llvm::Loop& loop) {
  const llvm::BasicBlock& head = *loop.getHeader();
  std::vector<const llvm::Value*> state;
  for (const llvm::PHINode& phi : head.phis()) state.push_back(&phi);
  {
    std::unordered_set<const llvm::Value*> seen;
    for (const llvm::BasicBlock* b : loop.blocks())
      for (const llvm::Instruction& i : *b) {
        auto* phi = llvm::dyn_cast<llvm::PHINode>(&i);
        for (unsigned k = 0; k < i.getNumOperands(); ++k) {
          const llvm::Value* operand = i.getOperand(k);
          // What the head's phis take on entering the loop is not used in an iteration.
          if (b == &head && phi && !loop.contains(phi->getIncomingBlock(k))) continue;
          auto* defined = llvm::dyn_cast<llvm::Instruction>(operand);
          const bool outside = (defined && !loop.contains(defined)) || llvm::isa<llvm::Argument>(operand);
          if (outside && seen.insert(operand).second) state.push_back(operand);
        }
      }
  }
  for (const llvm::GlobalVariable& g : head.getModule()->globals())
    if (isScalarGlobal(g)) state.push_back(&g);
  return state;
}

}  // namespace atropos::bmc
