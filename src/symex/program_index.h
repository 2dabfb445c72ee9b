// What the symbolic execution needs to know about the (normalized) module before it starts: a number for every
// program value, the reading (signed or unsigned) each integer value is kept in, where loops begin (the only places
// where states are merged), which values are live where, and the C names of values.
#pragma once

#include <llvm/IR/DataLayout.h>

#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "integer_model.h"
#include "state.h"

namespace llvm {
class DICompositeType;
class DIType;
class BasicBlock;
class DbgValueInst;
class MDNode;
class Module;
class Type;
}  // namespace llvm

namespace atropos::symex {

// The struct a C pointer type points to; null for any other type.
const llvm::DICompositeType* pointedStruct(const llvm::DIType* type);
// The member of the struct `record` that starts at byte `offset`, by its C path from the struct (`next`, `link.prev`,
// `keys[2]`: into nested structs and arrays, down to a member that is neither) and its C type; nullopt where none
// starts there.
struct MemberPath {
  std::string text;
  const llvm::DIType* type = nullptr;
};
std::optional<MemberPath> memberPathAt(const llvm::DICompositeType* record, uint64_t offset);

class ProgramIndex {
 public:
  explicit ProgramIndex(const llvm::Module& module, IntegerModel integers = {});

  const IntegerModel& integers() const { return integers_; }
  bool signedUnbounded() const { return integers_.signedUnbounded; }
  bool typesUnbounded() const { return integers_.typesUnbounded; }
  // Whether a program value may hold the mathematical result of signed arithmetic outside its type's range: the
  // results of signed operations and what they flow into (phi, select, sext, calls, returns, memory of their
  // width). Such values are kept in the signed reading.
  bool mayBeUnbounded(const llvm::Value* value) const { return unbounded_.count(value) != 0; }
  // Whether such a value may also have been converted to an unsigned C type: the IR leaves out a conversion
  // between int and unsigned of one width, so a signed operation on the value may read it through that type, as
  // its remainder modulo 2^bits read as signed. (Bound to an unsigned variable, passed to an unsigned parameter,
  // returned as unsigned, or read back from memory.)
  bool mayBeConvertedToUnsigned(const llvm::Value* value) const { return convertedToUnsigned_.count(value) != 0; }
  // What the reading says of the range of `term`, the value of `value` kept in `view`: nothing when the value may
  // be unbounded; under `typesUnbounded` only a pointer's and a truth value's.
  smt::Term rangeOf(const llvm::Value* value, const smt::Term& term, unsigned bits, View view) const;
  // The same for a value stored in memory, which may have come from any program value of its reading.
  smt::Term storedRangeOf(const smt::Term& term, unsigned bits, View view) const;
  // A value kept in `from`, read in `to`: the same bits (modulo 2^bits where the value may lie outside its range);
  // the same number under `typesUnbounded`.
  smt::Term inView(const smt::Term& value, unsigned bits, View from, View to) const;


  const llvm::DataLayout& layout() const { return layout_; }
  unsigned pointerBits() const { return pointerBits_; }
  // The width of a first-class scalar type in bits (integers, pointers, floating point); 0 for anything else.
  unsigned bits(const llvm::Type* type) const;

  unsigned valueId(const llvm::Value* value) const { return ids_.at(value); }
  const llvm::Value* valueById(const llvm::Function* function, unsigned id) const { return values_.at(function)[id]; }
  View view(const llvm::Value* value) const;
  // The first instruction after the phis of a block that some loop returns to.
  bool isMergePoint(const llvm::Instruction* instruction) const { return mergePoints_.count(instruction) != 0; }
  // The program values (ids, ascending) whose current value is still needed at `instruction` or later.
  const std::vector<unsigned>& liveBefore(const llvm::Instruction* instruction) const;
  // The program values (ids, ascending) that C variables hold right before `instruction` on every path there, as the
  // debug information's value records say (a variable whose records disagree between paths is left out).
  std::vector<unsigned> variableValuesBefore(const llvm::Instruction* instruction) const;
  // The integer constants the function's comparisons test against (ascending), in the comparison's reading.
  const std::vector<int64_t>& comparedConstants(const llvm::Function* function) const;
  // The C name of a value where debug information gives one, else its IR name.
  std::string name(const llvm::Value* value) const;
  std::string sourceName(const llvm::Value* value) const;  // empty when debug information names none
  // The C type of a value that debug information names (typedefs and qualifiers stripped); null otherwise.
  const llvm::DIType* sourceType(const llvm::Value* value) const;
  // What a load or store through `pointer` accesses, in C, where debug information names it: `*p`, `p->next` (a
  // member of the struct a named pointer points to, at the member's offset), `p->next->data`; empty otherwise.
  std::string accessedThrough(const llvm::Value* pointer) const;

 private:
  // C variable (its debug record's variable and where it was inlined) → the id of the value it holds, or
  // kConflicting.
  using VariableValues = std::map<std::pair<const llvm::MDNode*, const llvm::MDNode*>, unsigned>;
  static constexpr unsigned kConflicting = ~0u;

  void indexFunction(const llvm::Function& function);
  void markSigned(const llvm::Value* value);  // integers wider than a bit of an indexed function only
  void markUnbounded(const llvm::Module& module);
  void computeLiveness(const llvm::Function& function);
  void computeVariableValues(const llvm::Function& function);
  void applyRecord(const llvm::DbgValueInst& record, VariableValues& values) const;
  // accessedThrough's steps: a value by its C text and type (a named one, or a member loaded through at most
  // three members), the member an address is of, and the named base an address lies at a constant offset from.
  struct Named {
    std::string text;
    const llvm::DIType* type = nullptr;
  };
  std::optional<Named> namedValue(const llvm::Value* value, int depth) const;
  std::optional<Named> namedMember(const llvm::Value* address, int depth) const;
  struct NamedBase {
    Named base;
    uint64_t offset;
  };
  std::optional<NamedBase> namedBase(const llvm::Value* address, int depth) const;

  llvm::DataLayout layout_;
  unsigned pointerBits_;
  IntegerModel integers_;
  std::unordered_map<const llvm::Value*, unsigned> ids_;
  std::unordered_map<const llvm::Function*, std::vector<const llvm::Value*>> values_;
  std::unordered_map<const llvm::Value*, View> signedValues_;
  std::unordered_set<const llvm::Value*> unbounded_;
  std::unordered_set<const llvm::Value*> convertedToUnsigned_;
  std::unordered_set<const llvm::Instruction*> mergePoints_;
  std::unordered_map<const llvm::Value*, std::string> sourceNames_;
  std::unordered_map<const llvm::Value*, const llvm::DIType*> sourceTypes_;  // the C type of a named value
  std::unordered_map<const llvm::Instruction*, std::vector<unsigned>> liveBefore_;
  std::unordered_map<const llvm::BasicBlock*, VariableValues> variablesAtEntry_;  // at block entries
  std::unordered_map<const llvm::Function*, std::vector<int64_t>> comparedConstants_;
};

}  // namespace atropos::symex
