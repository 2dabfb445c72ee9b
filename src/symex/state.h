// Abstract states of the symbolic execution (seed 002, Def. 1, made bit-precise as in seed 000).
//
// Every symbolic value is a term over the mathematical integers. An integer of n bits is read either unsigned (its
// term lies in [0, 2^n - 1]) or signed (in [-2^(n-1), 2^(n-1) - 1]); which reading a program value uses is fixed per
// value (program_index.h) and every rule converts operands to the reading it needs, so the result is exact
// two's-complement arithmetic whatever reading was chosen. Addresses are unsigned.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <vector>

#include "smt/term.h"
#include "integer_model.h"

namespace llvm {
class Function;
class Instruction;
class Value;
}  // namespace llvm

namespace atropos::symex {

enum class View : unsigned char { Unsigned, Signed };

// A program value of a frame: its number in the function (ProgramIndex::valueId) and its symbolic value.
struct Local {
  unsigned id;
  smt::Term value;
};

struct Frame {
  const llvm::Function* function = nullptr;
  // The instruction to execute next; while a callee runs, the call itself.
  const llvm::Instruction* next = nullptr;
  std::vector<Local> locals;  // sorted by id, each symbolic value a distinct variable

  const Local* find(unsigned id) const;
  void set(unsigned id, const smt::Term& value);
};

enum class BlockKind : unsigned char { Global, Stack, Heap };

// [[lo, hi]]: the addresses lo..hi are allocated (seed 002's allocation list entries).
struct MemoryBlock {
  smt::Term lo;
  smt::Term hi;
  BlockKind kind;
  unsigned frame = 0;                   // Stack: the owning frame, counted from the bottom
  const llvm::Value* origin = nullptr;  // the global, alloca or allocating call
  bool readOnly = false;                // a constant global: writing to it is undefined
  uint64_t bytes = 0;                   // the size, when it is a constant (list elements are matched by it)
};

// address ↪ value: the `bits`-bit value, read as `view`, is stored at address..address + bits/8 - 1.
struct PointsTo {
  smt::Term address;
  smt::Term value;
  unsigned bits;
  View view;
  smt::Term block;  // lo of the block that holds the bytes
  // The location may lie outside the block, and the entry then says nothing: a loop head that names `a[k]` where
  // k may have reached the end of `a`. A load checks its bounds before it looks for an entry.
  bool mayBeOutside = false;
};

// The values one field of a list's elements holds: an arithmetic progression, the k-th element (from 0) holding
// first + k * step at `offset` (AProVE's extension of seed 003 with a constant addend per field; step 0 is a field
// every element holds the same value in). An empty list's `first` says nothing; it is chosen so that the progression
// runs on into what follows the list (`last` is then first - step), as taking out the first element and appending
// one keep it.
struct FieldValues {
  uint64_t offset;
  unsigned bits;
  View view;
  int64_t step;
  smt::Term first;
};

// Constant bounds on the values one field of every element of a list holds (a flag, a colour, a state the program
// stepped through), lo <= value <= hi, either side missing where nothing bounds it: for fields whose values do not
// progress by a step.
struct FieldRange {
  uint64_t offset;
  unsigned bits;
  View view;
  std::optional<int64_t> lo, hi;
  bool operator==(const FieldRange&) const = default;
};

// A list that each element of a list owns through one of its pointer fields (a list of lists; a block each element
// may point to, a list of at most one element): every element holds at `offset` the start of a null-terminated list
// of its own, of at most `maxLength` elements where that is known, whose elements are disjoint from all other memory
// and reached from nowhere else, and whose fields the `ranges` bound. It has no terms: taking its owner out of the
// list gives that element's list terms of its own (the executor's materialization).
struct OwnedList {
  uint64_t offset;
  uint64_t elementBytes;
  uint64_t nextOffset;
  const llvm::Value* origin = nullptr;  // the call that allocated an element
  std::optional<uint64_t> maxLength;
  std::vector<FieldRange> ranges;
  bool operator==(const OwnedList&) const = default;
};

// The link back of a doubly linked list: each element holds at `offset` the address of the element before it, the
// first one `before` (the element ahead of the list, or 0). `last` is the address of the last element, and `before`
// when the list is empty, so that a list or an element that follows holds `last` as the address before it.
struct BackLink {
  uint64_t offset;
  smt::Term before;
  smt::Term last;
};

// Seed 003's list invariant: `length` heap blocks of `elementBytes` bytes each, the first at `start`, each holding at
// `nextOffset` the address of the next one, the last holding `end` there (0 for a null-terminated list, its own
// start for a cycle). The elements are pairwise disjoint and disjoint from every block of the allocation list;
// nothing is known about their other bytes but the `fields` whose values progress by a constant step, the `ranges`
// that bound the values of others, the lists each element owns (`owned`), and for a doubly linked list its link
// back. An access to the first element (or, with a link back, to the last) takes it out as a block of its own (the
// executor's materialization); merges and instance checks fold chains of blocks into lists.
struct ListSegment {
  smt::Term start;
  smt::Term end;
  smt::Term length;
  uint64_t elementBytes;
  uint64_t nextOffset;
  const llvm::Value* origin = nullptr;  // the call that allocated an element
  std::vector<FieldValues> fields;
  std::optional<BackLink> back;
  std::vector<FieldRange> ranges;
  std::vector<OwnedList> owned;

  // The value `field` holds in the last element.
  smt::Term last(const FieldValues& field) const;
  // Every term of the list (start, end, length, the fields' first values and the link back's terms), for renaming or
  // collecting symbols.
  std::vector<smt::Term*> terms();
  std::vector<const smt::Term*> terms() const;
  // What the list's being empty means for its terms: the memory's facts on it that a state keeps when it drops it.
  std::vector<smt::Term> emptyFacts() const;
};

struct Memory {
  std::vector<MemoryBlock> blocks;
  std::vector<PointsTo> pointsTo;
  std::vector<ListSegment> lists;
};

// The knowledge base as a chain of facts shared with the states it came from: a state's facts are its chunk's and
// those of every chunk above it. The solver mirrors the chain, one scope per chunk.
struct Knowledge {
  std::shared_ptr<const Knowledge> parent;
  std::vector<smt::Term> facts;
  unsigned depth = 1;  // chunks from the root, this one included
};

// The nondeterministic values a path drew, newest first: a model of an error state gives the inputs that may lead
// there, for an execution to confirm.
struct InputTrail {
  std::shared_ptr<const InputTrail> previous;
  smt::Term value;
  unsigned bits;
  View view;
};

struct State {
  std::vector<Frame> frames;  // back() is the running function
  std::shared_ptr<const Knowledge> knowledge;
  std::shared_ptr<const Memory> memory;
  // A merge dropped a heap block, so the allocation list no longer names every live heap block.
  bool heapForgotten = false;
  // A recursive call's state: heap blocks of its callers that it cannot reach are left out (the intersection gives
  // them back), so an end of the program here may leave blocks no list names.
  bool heapHidden = false;
  std::shared_ptr<const InputTrail> inputs;
  bool inputsKnown = true;  // false below a merge, where the path's draws are no longer known
  // Set on the two states a refinement creates: the step they repeat names its new variables as the step that
  // asked for the case analysis did, so the condition they were split on speaks of the same variables.
  std::optional<unsigned long long> stepVariables;

  Frame& top() { return frames.back(); }
  const Frame& top() const { return frames.back(); }
  std::vector<smt::Term> allFacts() const;
  void addFacts(std::vector<smt::Term> facts);
  Memory& mutableMemory();
};

// `address` as a symbol plus a constant, when it is written so (a numeral alone has no symbol).
struct SymbolPlusConstant {
  std::optional<unsigned> symbol;  // the symbol's id
  int64_t constant = 0;
};
std::optional<SymbolPlusConstant> symbolPlusConstant(const smt::Term& address);

// Appends the variables of `state` (its facts, program values, blocks and contents) not yet in `seen` to `out`.
void collectSymbols(const State& state, std::set<unsigned>& seen, std::vector<smt::Term>& out);
// The same without the facts: the variables of its program values and memory.
void collectValueSymbols(const State& state, std::set<unsigned>& seen, std::vector<smt::Term>& out);

// The facts every represented concrete state satisfies beyond the knowledge base (seed 002, Def. 2): allocated
// blocks are non-empty, inside the address space and pairwise disjoint; a location holds one value per type; a list
// is empty exactly when it ends where it starts, and otherwise its first element is allocated like a block.
// A stored value lies in its type's range as far as `integers` says.
std::vector<smt::Term> memoryFacts(z3::context& context, const Memory& memory, unsigned pointerBits,
                                   const IntegerModel& integers);
// ⟨state⟩: the knowledge base and the memory facts, in one list.
std::vector<smt::Term> formulaOf(z3::context& context, const State& state, unsigned pointerBits,
                                 const IntegerModel& integers);

}  // namespace atropos::symex
