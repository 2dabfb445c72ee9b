// Chains of heap blocks linked through a pointer field, and the lists (state.h, ListSegment) they fold into at
// merges and instance checks (seed 003 §3.5 and §4.2).
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <unordered_map>
#include <vector>

#include "smt/term.h"
#include "state.h"

namespace atropos::symex {

// The terms a state's facts equate: a pointer loaded from memory, or computed by an address computation, is a
// variable of its own, defined equal to the value stored or to a base plus an offset (`w == v`, `g == w + 8`).
// Chains are followed through these definitions without asking a solver.
class EqualTerms {
 public:
  explicit EqualTerms(const std::vector<smt::Term>& facts);
  bool same(const smt::Term& a, const smt::Term& b) const;
  bool null(const smt::Term& t) const { return same(t, t.ctx().int_val(0)); }
  // The constant c with `address == base + c`, when the definitions show it.
  std::optional<int64_t> offset(const smt::Term& address, const smt::Term& base) const;
  // `t` as a term over the symbols `known` maps, each replaced by its image: through the definitions, and through
  // the equalities to a known symbol. Nothing when some symbol has neither.
  std::optional<smt::Term> rewritten(const smt::Term& t, const std::unordered_map<unsigned, smt::Term>& known) const;

 private:
  struct Affine {
    std::optional<unsigned> base;  // the representative of the one variable, if any
    int64_t constant = 0;
  };
  std::optional<Affine> affine(const smt::Term& t, int depth) const;
  std::optional<smt::Term> rewritten(const smt::Term& t, const std::unordered_map<unsigned, smt::Term>& known,
                                     int depth) const;
  unsigned representative(unsigned id) const;
  mutable std::unordered_map<unsigned, unsigned> parent_;
  std::unordered_map<unsigned, smt::Term> definitions_;
  std::unordered_map<unsigned, int64_t> numerals_;  // the numerals equated to a variable, by id
  std::vector<smt::Term> alive_;  // Z3 reuses the ids of deleted terms
};

struct ListShape {
  uint64_t elementBytes;
  uint64_t nextOffset;
  bool operator==(const ListShape&) const = default;
};

// One piece of a chain: a heap block or a list of the memory, by its index there.
struct ChainPiece {
  bool isList;
  size_t index;
};

// What a walk from a start term found (its blocks and lists are marked taken): the pieces in order, the term the
// last next pointer holds, and the number of elements.
struct Chain {
  std::vector<ChainPiece> pieces;
  smt::Term end;
  smt::Term length;
  const llvm::Value* origin = nullptr;
  bool empty() const { return pieces.empty(); }
};

// A field of a list's elements other than the link.
struct FieldKey {
  uint64_t offset;
  unsigned bits;
  View view;
  bool operator==(const FieldKey&) const = default;
};

// The fields whose values the first piece of `chain` knows: a list's progressions and ranges, or a block's known
// contents at constant offsets, the link excepted.
std::vector<FieldKey> fieldsOf(const Memory& memory, const Chain& chain, const ListShape& shape,
                               const EqualTerms& equal);

// The value a heap block holds in `field`, when the memory knows it.
std::optional<smt::Term> fieldValue(const Memory& memory, const MemoryBlock& block, const FieldKey& field,
                                    const EqualTerms& equal);

// The value `field` holds in the element after `chain`: a heap block of `elementBytes` bytes where its last next
// pointer leads (the element a loop that builds a list at its tail appends next).
std::optional<smt::Term> valueAfter(const Memory& memory, const Chain& chain, uint64_t elementBytes,
                                    const FieldKey& field, const EqualTerms& equal);

// The values of one field along a chain when they progress by a constant step: the first element's value, the
// last element's, and the step when the chain shows it (a list's, or the difference of two blocks' values).
struct Progression {
  smt::Term first;
  smt::Term last;
  std::optional<int64_t> step;
};

// Whether `field` progresses by `step` along a non-empty `chain` (each piece's first value is the previous piece's
// last plus the step, as `entails` proves), with no step given: by the one its pieces show, read off `valueOf`.
// Nothing when a piece does not know the field or the values do not progress.
std::optional<Progression> progressionOf(const Memory& memory, const Chain& chain, const FieldKey& field,
                                         std::optional<int64_t> step, const EqualTerms& equal,
                                         const std::function<bool(const smt::Term&)>& entails,
                                         const std::function<std::optional<int64_t>(const smt::Term&)>& valueOf);

// What the elements of a chain hold in one field, for bounds on all of them: the values each lies between (a block's
// value; the first and last value of a list's progression, `guard` being that list's having elements) and the
// ranges of its lists.
struct FieldSpan {
  struct Value {
    smt::Term guard;
    smt::Term value;
  };
  std::vector<Value> values;
  std::vector<FieldRange> ranges;
};

// The span of `field` along `chain`; nothing when a piece does not know the field.
std::optional<FieldSpan> spanOf(const Memory& memory, const Chain& chain, const FieldKey& field,
                                const EqualTerms& equal);

// Whether every value of `span` lies within the bounds given (a missing one bounds nothing), as `entails` proves:
// one question for all its values.
bool spanWithin(const FieldSpan& span, std::optional<int64_t> lo, std::optional<int64_t> hi,
                const std::function<bool(const smt::Term&)>& entails);

// The range of `ranges` that bounds `field`, if one does.
const FieldRange* rangeOf(const std::vector<FieldRange>& ranges, const FieldKey& field);

// Whether every element of `chain` holds in each range's field a value within its bounds, as `entails` proves.
bool chainWithin(const Memory& memory, const Chain& chain, const std::vector<FieldRange>& ranges,
                 const EqualTerms& equal, const std::function<bool(const smt::Term&)>& entails);

// Whether each element's list that `inner` describes is one that `outer` describes: the same field and shape, a
// bound on the length no weaker, and every range of `outer` bounding its field at least as tightly in `inner`.
bool ownedWithin(const OwnedList& inner, const OwnedList& outer);

// The link back of a chain whose elements each hold the address of the one before them: what its first element
// holds there, and its last element's address.
struct ChainBack {
  smt::Term before;
  smt::Term last;
};

// The link back of a non-empty `chain` through the pointer field at `offset`: every element but the first holds there
// the address of the one before it, as `same` shows (a list of the chain: its link back at that offset, its
// `before` the previous piece's last element). Nothing where a piece does not show it.
std::optional<ChainBack> backLinkOf(const Memory& memory, const Chain& chain, uint64_t offset, const EqualTerms& equal,
                                    unsigned pointerBits,
                                    const std::function<bool(const smt::Term&, const smt::Term&)>& same);

// The offsets of a non-empty `chain`'s elements through which it may be linked back: its first list's link back, or
// the pointer-sized contents of its first block at constant offsets other than the link.
std::vector<uint64_t> backOffsetsOf(const Memory& memory, const Chain& chain, const ListShape& shape,
                                    const EqualTerms& equal, unsigned pointerBits);

// What a walk back found: the chain in its order from its first element (its end the `next` the walk began with),
// the address of its first element (`next` for an empty chain), and what that element holds in its link back.
struct BackChain {
  Chain chain;
  smt::Term start;
  smt::Term before;
};

// Follows the links back at `backOffset` from the element at `last`, whose next pointer (of `shape`) must hold
// `next` where one is given, through heap blocks and doubly linked lists not yet taken, taking them, until `stop`
// holds for the address reached or nothing continues the chain backwards.
BackChain walkBack(const Memory& memory, const smt::Term& last, const std::optional<smt::Term>& next,
                   const ListShape& shape, uint64_t backOffset, const EqualTerms& equal,
                   std::vector<bool>& takenBlocks, std::vector<bool>& takenLists, unsigned pointerBits,
                   const std::function<bool(const smt::Term& at)>& stop);

// The shapes a list from `start` may have: a list's that starts there, or, for a heap block of constant size that
// starts there, one per pointer-sized content at a constant offset.
std::vector<ListShape> shapesFrom(const Memory& memory, const smt::Term& start, const EqualTerms& equal,
                                  const std::vector<bool>& takenBlocks, const std::vector<bool>& takenLists,
                                  unsigned pointerBits);

// Follows next pointers of `shape` from `start` through heap blocks and lists not yet taken, taking them, until
// `stop` holds for the current term after `steps` elements or nothing continues the chain.
Chain walkChain(const Memory& memory, const smt::Term& start, const ListShape& shape, const EqualTerms& equal,
                std::vector<bool>& takenBlocks, std::vector<bool>& takenLists, unsigned pointerBits,
                const std::function<bool(const smt::Term& at, size_t steps)>& stop);

// Whether a heap block or a list of `memory` starts at `p`.
bool heapStartsAt(const Memory& memory, const EqualTerms& equal, const smt::Term& p);

// Whether heap that starts at `p` goes on through the pointer field at `offset`: a list linked there, or a heap block
// that holds there a pointer other than null.
bool heapContinuesAt(const Memory& memory, const EqualTerms& equal, const smt::Term& p, uint64_t offset,
                     unsigned pointerBits);

// Whether two entries, each with the definitions of its state, are at the same offset into their blocks (the blocks
// themselves are the caller's to compare): the same address, or the same constant offset.
bool sameOffset(const PointsTo& x, const EqualTerms& equalX, const PointsTo& y, const EqualTerms& equalY);

// Whether `target` can be reached from `from` through the pointers heap blocks hold and the ends of lists.
bool linksTo(const Memory& memory, const smt::Term& from, const smt::Term& target, const EqualTerms& equal,
             unsigned pointerBits);

// The heap blocks and lists that `roots` reach through the pointers heap blocks hold, the ends of lists and the
// links back of doubly linked ones (a list is reached at its start, or at its last element when linked back).
struct HeapReached {
  std::vector<bool> blocks, lists;
};
HeapReached heapReachedFrom(const Memory& memory, std::vector<smt::Term> roots, const EqualTerms& equal,
                            unsigned pointerBits);

}  // namespace atropos::symex
