#include "lists.h"

#include <algorithm>
#include <set>

namespace atropos::symex {

namespace {

bool isAtom(const smt::Term& t) { return smt::isSymbol(t) || t.is_numeral(); }

// The pointer-sized content of `block` at `offset`, if the memory knows it.
const PointsTo* contentAt(const Memory& memory, const MemoryBlock& block, uint64_t offset, const EqualTerms& equal,
                          unsigned pointerBits) {
  for (const PointsTo& p : memory.pointsTo)
    if (p.bits == pointerBits && z3::eq(p.block, block.lo) &&
        equal.offset(p.address, block.lo) == static_cast<int64_t>(offset))
      return &p;
  return nullptr;
}

// A list's progression or range of `key`, if it has one.
template <class Fields>
auto findField(const Fields& fields, const FieldKey& key) {
  return std::find_if(fields.begin(), fields.end(), [&](const auto& f) {
    return f.offset == key.offset && f.bits == key.bits && f.view == key.view;
  });
}

}  // namespace

EqualTerms::EqualTerms(const std::vector<smt::Term>& facts) {
  auto unite = [&](const smt::Term& x, const smt::Term& y) {
    int64_t value = 0;
    if (y.is_numeral() && y.is_numeral_i64(value)) numerals_.emplace(y.id(), value);
    unsigned a = representative(x.id());
    unsigned b = representative(y.id());
    if (a != b) parent_[a] = b;
  };
  // A merge keeps an equation as two inequations (x <= y, y <= x), so that a weaker one can survive the next.
  std::set<std::pair<unsigned, unsigned>> atMost;
  for (const smt::Term& f : facts) {
    Z3_decl_kind kind = f.is_app() ? f.decl().decl_kind() : Z3_OP_UNINTERPRETED;
    if ((kind == Z3_OP_LE || kind == Z3_OP_GE) && smt::isSymbol(f.arg(0))) {
      smt::Term low = kind == Z3_OP_LE ? f.arg(0) : f.arg(1);
      smt::Term high = kind == Z3_OP_LE ? f.arg(1) : f.arg(0);
      if (atMost.count({high.id(), low.id()})) {
        alive_.push_back(f);
        if (isAtom(f.arg(1)))
          unite(f.arg(0), f.arg(1));
        else
          definitions_.emplace(f.arg(0).id(), f.arg(1));
      } else {
        atMost.emplace(low.id(), high.id());
      }
      continue;
    }
    if (!f.is_eq() || !smt::isSymbol(f.arg(0))) continue;
    alive_.push_back(f);
    if (!isAtom(f.arg(1))) {
      definitions_.emplace(f.arg(0).id(), f.arg(1));
      continue;
    }
    unite(f.arg(0), f.arg(1));
  }
}

unsigned EqualTerms::representative(unsigned id) const {
  auto it = parent_.find(id);
  if (it == parent_.end()) return id;
  unsigned root = representative(it->second);
  it->second = root;
  return root;
}

std::optional<EqualTerms::Affine> EqualTerms::affine(const smt::Term& t, int depth) const {
  constexpr int kMaxDepth = 8;
  int64_t value = 0;
  if (t.is_numeral()) {
    if (!t.is_numeral_i64(value)) return std::nullopt;
    return Affine{std::nullopt, value};
  }
  if (depth > kMaxDepth) return std::nullopt;
  if (smt::isSymbol(t)) {
    auto it = definitions_.find(t.id());
    if (it != definitions_.end())
      if (auto defined = affine(it->second, depth + 1)) return defined;
    unsigned id = representative(t.id());
    for (const auto& [numeral, v] : numerals_)
      if (representative(numeral) == id) return Affine{std::nullopt, v};
    return Affine{id, 0};
  }
  if (t.is_app() && t.decl().decl_kind() == Z3_OP_ADD) {
    Affine sum;
    for (unsigned k = 0; k < t.num_args(); ++k) {
      std::optional<Affine> part = affine(t.arg(k), depth + 1);
      if (!part || (part->base && sum.base)) return std::nullopt;
      if (part->base) sum.base = part->base;
      sum.constant += part->constant;
    }
    return sum;
  }
  return std::nullopt;
}

bool EqualTerms::same(const smt::Term& a, const smt::Term& b) const {
  if (z3::eq(a, b)) return true;
  std::optional<Affine> x = affine(a, 0);
  std::optional<Affine> y = affine(b, 0);
  return x && y && x->base == y->base && x->constant == y->constant;
}

std::optional<int64_t> EqualTerms::offset(const smt::Term& address, const smt::Term& base) const {
  std::optional<Affine> x = affine(address, 0);
  std::optional<Affine> y = affine(base, 0);
  if (!x || !y || x->base != y->base) return std::nullopt;
  return x->constant - y->constant;
}

std::optional<smt::Term> EqualTerms::rewritten(const smt::Term& t,
                                              const std::unordered_map<unsigned, smt::Term>& known) const {
  return rewritten(t, known, 0);
}

std::optional<smt::Term> EqualTerms::rewritten(const smt::Term& t, const std::unordered_map<unsigned, smt::Term>& known,
                                               int depth) const {
  constexpr int kMaxDepth = 8;
  if (t.is_numeral()) return t;
  if (depth > kMaxDepth) return std::nullopt;
  if (smt::isSymbol(t)) {
    if (auto it = known.find(t.id()); it != known.end()) return it->second;
    unsigned id = representative(t.id());
    for (const auto& [symbol, image] : known)
      if (representative(symbol) == id) return image;
    auto it = definitions_.find(t.id());
    if (it == definitions_.end()) return std::nullopt;
    return rewritten(it->second, known, depth + 1);
  }
  if (!t.is_app()) return std::nullopt;
  switch (t.decl().decl_kind()) {
    case Z3_OP_ADD:
    case Z3_OP_SUB:
    case Z3_OP_MUL:
    case Z3_OP_UMINUS:
      break;
    default:
      return std::nullopt;
  }
  z3::expr_vector arguments(t.ctx());
  for (unsigned k = 0; k < t.num_args(); ++k) {
    std::optional<smt::Term> argument = rewritten(t.arg(k), known, depth + 1);
    if (!argument) return std::nullopt;
    arguments.push_back(*argument);
  }
  return smt::Term(t.decl()(arguments));
}

std::vector<ListShape> shapesFrom(const Memory& memory, const smt::Term& start, const EqualTerms& equal,
                                  const std::vector<bool>& takenBlocks, const std::vector<bool>& takenLists,
                                  unsigned pointerBits) {
  std::vector<ListShape> shapes;
  for (size_t k = 0; k < memory.lists.size(); ++k)
    if (!takenLists[k] && equal.same(memory.lists[k].start, start))
      shapes.push_back({memory.lists[k].elementBytes, memory.lists[k].nextOffset});
  for (size_t k = 0; k < memory.blocks.size(); ++k) {
    const MemoryBlock& b = memory.blocks[k];
    if (takenBlocks[k] || b.kind != BlockKind::Heap || b.bytes == 0 || !equal.same(b.lo, start)) continue;
    for (const PointsTo& p : memory.pointsTo) {
      std::optional<int64_t> offset = equal.offset(p.address, b.lo);
      if (p.bits != pointerBits || !z3::eq(p.block, b.lo) || !offset || *offset < 0) continue;
      ListShape shape{b.bytes, static_cast<uint64_t>(*offset)};
      if (shape.nextOffset + pointerBits / 8 <= b.bytes && std::find(shapes.begin(), shapes.end(), shape) == shapes.end())
        shapes.push_back(shape);
    }
  }
  return shapes;
}

Chain walkChain(const Memory& memory, const smt::Term& start, const ListShape& shape, const EqualTerms& equal,
                std::vector<bool>& takenBlocks, std::vector<bool>& takenLists, unsigned pointerBits,
                const std::function<bool(const smt::Term& at, size_t steps)>& stop) {
  std::vector<ChainPiece> pieces;
  const llvm::Value* origin = nullptr;
  z3::context& context = start.ctx();
  smt::Term at = start;
  uint64_t elements = 0;
  smt::Term length = context.int_val(0);
  for (size_t steps = 0;; ++steps) {
    if (stop(at, steps)) break;
    bool continued = false;
    for (size_t k = 0; k < memory.lists.size() && !continued; ++k) {
      const ListSegment& l = memory.lists[k];
      if (takenLists[k] || l.elementBytes != shape.elementBytes || l.nextOffset != shape.nextOffset ||
          !equal.same(l.start, at))
        continue;
      takenLists[k] = continued = true;
      pieces.push_back({true, k});
      length = length + l.length;
      if (!origin) origin = l.origin;
      at = l.end;
    }
    for (size_t k = 0; k < memory.blocks.size() && !continued; ++k) {
      const MemoryBlock& b = memory.blocks[k];
      if (takenBlocks[k] || b.kind != BlockKind::Heap || b.bytes != shape.elementBytes || !equal.same(b.lo, at))
        continue;
      const PointsTo* next = contentAt(memory, b, shape.nextOffset, equal, pointerBits);
      if (!next) break;
      takenBlocks[k] = continued = true;
      pieces.push_back({false, k});
      ++elements;
      if (!origin) origin = b.origin;
      at = next->value;
    }
    if (!continued) break;
  }
  return Chain{std::move(pieces), at, (length + context.int_val(elements)).simplify(), origin};
}

std::optional<smt::Term> fieldValue(const Memory& memory, const MemoryBlock& block, const FieldKey& field,
                                    const EqualTerms& equal) {
  for (const PointsTo& p : memory.pointsTo)
    if (p.bits == field.bits && p.view == field.view && z3::eq(p.block, block.lo) &&
        equal.offset(p.address, block.lo) == static_cast<int64_t>(field.offset))
      return p.value;
  return std::nullopt;
}

std::optional<smt::Term> valueAfter(const Memory& memory, const Chain& chain, uint64_t elementBytes,
                                    const FieldKey& field, const EqualTerms& equal) {
  for (const MemoryBlock& b : memory.blocks)
    if (b.kind == BlockKind::Heap && b.bytes == elementBytes && equal.same(b.lo, chain.end))
      return fieldValue(memory, b, field, equal);
  return std::nullopt;
}

std::vector<FieldKey> fieldsOf(const Memory& memory, const Chain& chain, const ListShape& shape,
                               const EqualTerms& equal) {
  std::vector<FieldKey> keys;
  if (chain.empty()) return keys;
  const ChainPiece& first = chain.pieces.front();
  if (first.isList) {
    for (const FieldValues& f : memory.lists[first.index].fields) keys.push_back({f.offset, f.bits, f.view});
    for (const FieldRange& r : memory.lists[first.index].ranges) keys.push_back({r.offset, r.bits, r.view});
    return keys;
  }
  const MemoryBlock& block = memory.blocks[first.index];
  for (const PointsTo& p : memory.pointsTo) {
    std::optional<int64_t> offset = equal.offset(p.address, block.lo);
    if (!z3::eq(p.block, block.lo) || !offset || *offset < 0 || static_cast<uint64_t>(*offset) == shape.nextOffset ||
        static_cast<uint64_t>(*offset) + p.bits / 8 > block.bytes)
      continue;
    FieldKey key{static_cast<uint64_t>(*offset), p.bits, p.view};
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
  }
  return keys;
}

std::optional<Progression> progressionOf(const Memory& memory, const Chain& chain, const FieldKey& field,
                                         std::optional<int64_t> step, const EqualTerms& equal,
                                         const std::function<bool(const smt::Term&)>& entails,
                                         const std::function<std::optional<int64_t>(const smt::Term&)>& valueOf) {
  // Each piece's first and last value, and a list's step.
  struct Values {
    smt::Term first, last;
    std::optional<int64_t> step;
  };
  std::vector<Values> values;
  for (const ChainPiece& piece : chain.pieces) {
    if (!piece.isList) {
      std::optional<smt::Term> v = fieldValue(memory, memory.blocks[piece.index], field, equal);
      if (!v) return std::nullopt;
      values.push_back({*v, *v, std::nullopt});
      continue;
    }
    const ListSegment& list = memory.lists[piece.index];
    auto f = findField(list.fields, field);
    if (f == list.fields.end()) return std::nullopt;
    values.push_back({f->first, list.last(*f), f->step});
  }
  if (values.empty()) return std::nullopt;
  for (const Values& v : values)
    if (v.step) {
      if (step && *step != *v.step) return std::nullopt;
      step = v.step;
    }
  if (!step && values.size() >= 2)
    if (std::optional<int64_t> difference = valueOf(values[1].first - values[0].last)) step = difference;
  if (!step && values.size() >= 2) return std::nullopt;
  for (size_t k = 1; k < values.size(); ++k)
    if (!entails(values[k].first == values[k - 1].last + chain.end.ctx().int_val(*step))) return std::nullopt;
  return Progression{values.front().first, values.back().last, step};
}

bool chainWithin(const Memory& memory, const Chain& chain, const std::vector<FieldRange>& ranges,
                 const EqualTerms& equal, const std::function<bool(const smt::Term&)>& entails) {
  if (chain.empty()) return true;
  for (const FieldRange& r : ranges) {
    std::optional<FieldSpan> span = spanOf(memory, chain, {r.offset, r.bits, r.view}, equal);
    if (!span || !spanWithin(*span, r.lo, r.hi, entails)) return false;
  }
  return true;
}

const FieldRange* rangeOf(const std::vector<FieldRange>& ranges, const FieldKey& field) {
  auto r = findField(ranges, field);
  return r == ranges.end() ? nullptr : &*r;
}

bool ownedWithin(const OwnedList& inner, const OwnedList& outer) {
  if (inner.offset != outer.offset || inner.elementBytes != outer.elementBytes ||
      inner.nextOffset != outer.nextOffset)
    return false;
  if (outer.maxLength && (!inner.maxLength || *inner.maxLength > *outer.maxLength)) return false;
  return std::all_of(outer.ranges.begin(), outer.ranges.end(), [&](const FieldRange& r) {
    const FieldRange* tighter = rangeOf(inner.ranges, FieldKey{r.offset, r.bits, r.view});
    return tighter && (!r.lo || (tighter->lo && *tighter->lo >= *r.lo)) &&
           (!r.hi || (tighter->hi && *tighter->hi <= *r.hi));
  });
}

std::optional<FieldSpan> spanOf(const Memory& memory, const Chain& chain, const FieldKey& field,
                                const EqualTerms& equal) {
  FieldSpan span;
  z3::context& context = chain.end.ctx();
  for (const ChainPiece& piece : chain.pieces) {
    if (!piece.isList) {
      std::optional<smt::Term> v = fieldValue(memory, memory.blocks[piece.index], field, equal);
      if (!v) return std::nullopt;
      span.values.push_back({context.bool_val(true), *v});
      continue;
    }
    const ListSegment& list = memory.lists[piece.index];
    auto range = findField(list.ranges, field);
    if (range != list.ranges.end()) {
      span.ranges.push_back(*range);
      continue;
    }
    // A progression's values lie between its first and its last.
    auto progression = findField(list.fields, field);
    if (progression == list.fields.end()) return std::nullopt;
    span.values.push_back({list.length >= 1, progression->first});
    span.values.push_back({list.length >= 1, list.last(*progression)});
  }
  return span;
}

bool spanWithin(const FieldSpan& span, std::optional<int64_t> lo, std::optional<int64_t> hi,
                const std::function<bool(const smt::Term&)>& entails) {
  for (const FieldRange& r : span.ranges)
    if ((lo && (!r.lo || *r.lo < *lo)) || (hi && (!r.hi || *r.hi > *hi))) return false;
  if (span.values.empty() || (!lo && !hi)) return true;
  z3::context& context = span.values.front().value.ctx();
  z3::expr_vector all(context);
  for (const FieldSpan::Value& v : span.values) {
    smt::Term within = context.bool_val(true);
    if (lo) within = within && v.value >= context.int_val(*lo);
    if (hi) within = within && v.value <= context.int_val(*hi);
    all.push_back(z3::implies(v.guard, within));
  }
  return entails(z3::mk_and(all));
}

std::optional<ChainBack> backLinkOf(const Memory& memory, const Chain& chain, uint64_t offset, const EqualTerms& equal,
                                    unsigned pointerBits,
                                    const std::function<bool(const smt::Term&, const smt::Term&)>& same) {
  std::optional<ChainBack> link;
  for (const ChainPiece& piece : chain.pieces) {
    smt::Term before = chain.end, last = chain.end;
    if (piece.isList) {
      const ListSegment& list = memory.lists[piece.index];
      if (!list.back || list.back->offset != offset) return std::nullopt;
      before = list.back->before;
      last = list.back->last;
    } else {
      const MemoryBlock& block = memory.blocks[piece.index];
      const PointsTo* held = contentAt(memory, block, offset, equal, pointerBits);
      if (!held) return std::nullopt;
      before = held->value;
      last = block.lo;
    }
    if (!link)
      link = ChainBack{before, last};
    else if (!same(before, link->last))
      return std::nullopt;
    else
      link->last = last;
  }
  return link;
}

BackChain walkBack(const Memory& memory, const smt::Term& last, const std::optional<smt::Term>& next,
                   const ListShape& shape, uint64_t backOffset, const EqualTerms& equal,
                   std::vector<bool>& takenBlocks, std::vector<bool>& takenLists, unsigned pointerBits,
                   const std::function<bool(const smt::Term& at)>& stop) {
  std::vector<ChainPiece> backwards;
  const llvm::Value* origin = nullptr;
  z3::context& context = last.ctx();
  smt::Term at = last, length = context.int_val(0);
  std::optional<smt::Term> following = next, end = next;
  uint64_t elements = 0;
  auto follows = [&](const smt::Term& link) { return !following || equal.same(link, *following); };
  while (!stop(at)) {
    bool continued = false;
    for (size_t k = 0; k < memory.blocks.size() && !continued; ++k) {
      const MemoryBlock& b = memory.blocks[k];
      if (takenBlocks[k] || b.kind != BlockKind::Heap || b.bytes != shape.elementBytes || !equal.same(b.lo, at))
        continue;
      const PointsTo* link = contentAt(memory, b, shape.nextOffset, equal, pointerBits);
      const PointsTo* back = contentAt(memory, b, backOffset, equal, pointerBits);
      if (!link || !back || !follows(link->value)) break;
      takenBlocks[k] = continued = true;
      backwards.push_back({false, k});
      ++elements;
      if (!origin) origin = b.origin;
      if (!end) end = link->value;
      following = b.lo;
      at = back->value;
    }
    for (size_t k = 0; k < memory.lists.size() && !continued; ++k) {
      const ListSegment& l = memory.lists[k];
      if (takenLists[k] || !l.back || l.back->offset != backOffset || l.elementBytes != shape.elementBytes ||
          l.nextOffset != shape.nextOffset || !equal.same(l.back->last, at) || !follows(l.end))
        continue;
      takenLists[k] = continued = true;
      backwards.push_back({true, k});
      length = length + l.length;
      if (!origin) origin = l.origin;
      if (!end) end = l.end;
      following = l.start;
      at = l.back->before;
    }
    if (!continued) break;
  }
  std::reverse(backwards.begin(), backwards.end());
  // An empty chain from no given next ends, and starts, where its last element would be.
  const smt::Term start = following ? *following : last;
  Chain chain{std::move(backwards), end ? *end : last, (length + context.int_val(elements)).simplify(), origin};
  return BackChain{std::move(chain), start, at};
}

std::vector<uint64_t> backOffsetsOf(const Memory& memory, const Chain& chain, const ListShape& shape,
                                    const EqualTerms& equal, unsigned pointerBits) {
  std::vector<uint64_t> offsets;
  if (chain.empty()) return offsets;
  const ChainPiece& first = chain.pieces.front();
  if (first.isList) {
    if (const std::optional<BackLink>& back = memory.lists[first.index].back) offsets.push_back(back->offset);
    return offsets;
  }
  const MemoryBlock& block = memory.blocks[first.index];
  for (const PointsTo& p : memory.pointsTo) {
    std::optional<int64_t> offset = equal.offset(p.address, block.lo);
    if (p.bits != pointerBits || !z3::eq(p.block, block.lo) || !offset || *offset < 0 ||
        static_cast<uint64_t>(*offset) == shape.nextOffset || static_cast<uint64_t>(*offset) + p.bits / 8 > block.bytes)
      continue;
    if (std::find(offsets.begin(), offsets.end(), static_cast<uint64_t>(*offset)) == offsets.end())
      offsets.push_back(static_cast<uint64_t>(*offset));
  }
  return offsets;
}

bool heapStartsAt(const Memory& memory, const EqualTerms& equal, const smt::Term& p) {
  if (p.is_numeral()) return false;
  return std::any_of(memory.blocks.begin(), memory.blocks.end(),
                     [&](const MemoryBlock& b) { return b.kind == BlockKind::Heap && equal.same(b.lo, p); }) ||
         std::any_of(memory.lists.begin(), memory.lists.end(),
                     [&](const ListSegment& l) { return equal.same(l.start, p); });
}

bool heapContinuesAt(const Memory& memory, const EqualTerms& equal, const smt::Term& p, uint64_t offset,
                     unsigned pointerBits) {
  if (p.is_numeral()) return false;
  for (const MemoryBlock& b : memory.blocks)
    if (b.kind == BlockKind::Heap && equal.same(b.lo, p)) {
      const PointsTo* held = contentAt(memory, b, offset, equal, pointerBits);
      return held && !equal.null(held->value);
    }
  return std::any_of(memory.lists.begin(), memory.lists.end(),
                     [&](const ListSegment& l) { return l.nextOffset == offset && equal.same(l.start, p); });
}

bool sameOffset(const PointsTo& x, const EqualTerms& equalX, const PointsTo& y, const EqualTerms& equalY) {
  if (z3::eq(x.address, y.address)) return true;
  std::optional<int64_t> offsetX = equalX.offset(x.address, x.block);
  return offsetX && equalY.offset(y.address, y.block) == offsetX;
}

namespace {

// Walks from `pending` through the pointers heap blocks hold, the ends of lists and, with `throughLinksBack`, the
// links back of doubly linked lists (a list is then reached at its last element too), marking what it reaches in
// `reached`; whether it stopped at a term that `stop` holds for.
bool walkHeap(const Memory& memory, std::vector<smt::Term> pending, const EqualTerms& equal, unsigned pointerBits,
              bool throughLinksBack, const std::function<bool(const smt::Term&)>& stop, HeapReached& reached) {
  reached = HeapReached{std::vector<bool>(memory.blocks.size(), false), std::vector<bool>(memory.lists.size(), false)};
  while (!pending.empty()) {
    smt::Term at = pending.back();
    pending.pop_back();
    if (stop(at)) return true;
    for (size_t k = 0; k < memory.lists.size(); ++k) {
      const ListSegment& l = memory.lists[k];
      const bool atLast = throughLinksBack && l.back && equal.same(l.back->last, at);
      if (reached.lists[k] || !(equal.same(l.start, at) || atLast)) continue;
      reached.lists[k] = true;
      pending.push_back(l.end);
      if (throughLinksBack && l.back) pending.push_back(l.back->before);
    }
    for (size_t k = 0; k < memory.blocks.size(); ++k)
      if (!reached.blocks[k] && memory.blocks[k].kind == BlockKind::Heap && equal.same(memory.blocks[k].lo, at)) {
        reached.blocks[k] = true;
        for (const PointsTo& p : memory.pointsTo)
          if (p.bits == pointerBits && z3::eq(p.block, memory.blocks[k].lo)) pending.push_back(p.value);
      }
  }
  return false;
}

}  // namespace

bool linksTo(const Memory& memory, const smt::Term& from, const smt::Term& target, const EqualTerms& equal,
             unsigned pointerBits) {
  HeapReached reached;
  return walkHeap(memory, {from}, equal, pointerBits, false,
                  [&](const smt::Term& at) { return equal.same(at, target); }, reached);
}

HeapReached heapReachedFrom(const Memory& memory, std::vector<smt::Term> roots, const EqualTerms& equal,
                            unsigned pointerBits) {
  HeapReached reached;
  walkHeap(memory, std::move(roots), equal, pointerBits, true, [](const smt::Term&) { return false; }, reached);
  return reached;
}

}  // namespace atropos::symex
