// The merge's folding of heap blocks and lists into lists (seed 003 §4.2), with their fields, ranges and links back.
#include <algorithm>
#include <functional>
#include <set>

#include "smt/term.h"
#include "lists.h"
#include "merge_support.h"

namespace atropos::symex {

namespace {

// Whether `field` progresses along `chain` in `side`'s state (progressionOf with that state's solver).
std::optional<Progression> progressionIn(FoldSide& side, const Chain& chain, const FieldKey& field) {
  auto entails = [&](const smt::Term& goal) { return side.solver.entails(goal); };
  auto valueOf = [&](const smt::Term& t) -> std::optional<int64_t> {
    int64_t v;
    if (!side.solver.value(t, v)) return std::nullopt;
    return v;
  };
  return progressionOf(side.memory, chain, field, std::nullopt, side.equal, entails, valueOf);
}

// Adds the fields the first piece of `chain` knows (fieldsOf) to `keys`, each once.
void addFieldsOf(std::vector<FieldKey>& keys, const FoldSide& side, const Chain& chain, const ListShape& shape) {
  for (const FieldKey& key : fieldsOf(side.memory, chain, shape, side.equal))
    if (std::find(keys.begin(), keys.end(), key) == keys.end()) keys.push_back(key);
}

// A field whose values progress by one step along both chains of a fold becomes one of the merged list's, with a
// first value of its own that both instantiations relate to their chain's. A chain of one element shows no step: the
// other chain's, or the difference to the element after it, gives it. An empty chain's first value is the element's
// after it (an empty list's says nothing, and the progression then runs on into that element), else a new value.
// The element after the merged list, when the merged state keeps it, is a candidate to continue the progression.
// False when the values do not progress.
bool foldProgression(FoldSide& a, FoldSide& b, const Chain& x, const Chain& y, const FieldKey& key,
                     const ListShape& shape, Executor& executor, MergeResult& result, const Memory& merged,
                     ListSegment& list, std::vector<std::pair<smt::Term, bool>>& terms,
                     std::vector<smt::Term>& candidates) {
  z3::context& context = list.start.ctx();
  auto nextValue = [&](const FoldSide& side, const Chain& chain) {
    return valueAfter(side.memory, chain, shape.elementBytes, key, side.equal);
  };
  std::optional<Progression> px, py;
  if (!x.empty() && !(px = progressionIn(a, x, key))) return false;
  if (!y.empty() && !(py = progressionIn(b, y, key))) return false;
  if (px && py && px->step && py->step && *px->step != *py->step) return false;
  std::optional<int64_t> step;
  if (px && px->step)
    step = px->step;
  else if (py && py->step)
    step = py->step;
  for (auto [side, chain, p] : {std::tuple{&a, &x, &px}, std::tuple{&b, &y, &py}}) {
    if (step || !*p) continue;
    std::optional<smt::Term> next = nextValue(*side, *chain);
    int64_t difference;
    if (next && side->solver.value(*next - (*p)->last, difference) &&
        side->solver.entails(*next == (*p)->last + context.int_val(difference)))
      step = difference;
  }
  if (!step) return false;
  auto firstOf = [&](const FoldSide& side, const Chain& chain, const std::optional<Progression>& p) {
    if (p) return p->first;
    std::optional<smt::Term> next = nextValue(side, chain);
    return next ? *next : executor.fresh("first");
  };
  FieldValues field{key.offset, key.bits, key.view, *step, executor.fresh("first")};
  result.fromOlder.pairs.emplace_back(field.first, firstOf(a, x, px));
  result.fromNewer.pairs.emplace_back(field.first, firstOf(b, y, py));
  list.fields.push_back(field);
  smt::Term last = list.last(field);
  terms.emplace_back(field.first, false);
  terms.emplace_back(last, false);
  EqualTerms structural({});
  for (const MemoryBlock& block : merged.blocks)
    if (z3::eq(block.lo, list.end))
      if (std::optional<smt::Term> after = fieldValue(merged, block, key, structural))
        candidates.push_back(*after == last + context.int_val(*step));
  return true;
}

// A field whose values do not progress along the chains of a fold keeps constant bounds that every value of both
// chains lies within: the largest lower and the smallest upper bound among the numerals the values take in the
// states' models and their lists' bounds (the flags, colours and states a program stores), each found by bisection,
// since a bound that holds makes every weaker one hold.
void foldRange(FoldSide& a, FoldSide& b, const Chain& x, const Chain& y, const FieldKey& key, ListSegment& list) {
  std::optional<FieldSpan> spanA = spanOf(a.memory, x, key, a.equal);
  std::optional<FieldSpan> spanB = spanOf(b.memory, y, key, b.equal);
  if (!spanA || !spanB) return;
  std::set<int64_t> numerals;
  for (auto [side, span] : {std::pair{&a, &*spanA}, std::pair{&b, &*spanB}}) {
    for (const FieldSpan::Value& v : span->values) {
      int64_t n;
      if (side->solver.value(v.value, n)) numerals.insert(n);
    }
    for (const FieldRange& r : span->ranges)
      for (const std::optional<int64_t>& bound : {r.lo, r.hi})
        if (bound) numerals.insert(*bound);
  }
  auto within = [&](std::optional<int64_t> lo, std::optional<int64_t> hi) {
    auto inA = [&](const smt::Term& goal) { return a.solver.entails(goal); };
    auto inB = [&](const smt::Term& goal) { return b.solver.entails(goal); };
    return spanWithin(*spanA, lo, hi, inA) && spanWithin(*spanB, lo, hi, inB);
  };
  const std::vector<int64_t> sorted(numerals.begin(), numerals.end());
  // The first numeral that is no lower bound, and the first that is an upper bound.
  auto firstWhere = [&](const std::function<bool(int64_t)>& holds) {
    size_t from = 0, to = sorted.size();
    while (from < to) {
      size_t middle = from + (to - from) / 2;
      if (holds(sorted[middle]))
        to = middle;
      else
        from = middle + 1;
    }
    return from;
  };
  FieldRange range{key.offset, key.bits, key.view, std::nullopt, std::nullopt};
  size_t noLower = firstWhere([&](int64_t n) { return !within(n, std::nullopt); });
  if (noLower > 0) range.lo = sorted[noLower - 1];
  size_t upper = firstWhere([&](int64_t n) { return within(std::nullopt, n); });
  if (upper < sorted.size()) range.hi = sorted[upper];
  if (range.lo || range.hi) list.ranges.push_back(range);
}

// How often `memory` refers to `t`: the locations that hold it, the lists that end there and the links back that
// name it.
size_t referencesTo(const Memory& memory, const EqualTerms& equal, const smt::Term& t) {
  size_t held = std::count_if(memory.pointsTo.begin(), memory.pointsTo.end(),
                              [&](const PointsTo& p) { return equal.same(p.value, t); });
  for (const ListSegment& l : memory.lists)
    held += equal.same(l.end, t) + (l.back && (equal.same(l.back->before, t) || equal.same(l.back->last, t)));
  return held;
}

// What the elements of one side's chain own through the pointer field at `offset`, as lists of `shape`: each block's
// chain from the value it holds there to null, through blocks and lists no fold took that nothing but the link before
// them reaches, and each list's owned list there; with what those chains take. Nothing when an element holds no
// known value there, a chain does not end at null or is reached from elsewhere, or a list owns no such list.
struct OwnedAlong {
  std::vector<Chain> chains;
  std::vector<OwnedList> ofLists;
  std::vector<bool> blocks, lists;
};

std::optional<OwnedAlong> ownedAlong(FoldSide& side, const Chain& chain, uint64_t offset, const ListShape& shape,
                                     unsigned pointerBits) {
  OwnedAlong along{{}, {}, side.blocks, side.lists};
  auto isNull = [&](const smt::Term& t) {
    return side.equal.null(t) || side.solver.entails(t == t.ctx().int_val(0));
  };
  for (const ChainPiece& piece : chain.pieces) {
    if (piece.isList) {
      const std::vector<OwnedList>& owned = side.memory.lists[piece.index].owned;
      auto o = std::find_if(owned.begin(), owned.end(), [&](const OwnedList& l) {
        return l.offset == offset && ListShape{l.elementBytes, l.nextOffset} == shape;
      });
      if (o != owned.end()) {
        along.ofLists.push_back(*o);
        continue;
      }
      // A list whose elements all hold null there owns nothing.
      const ListSegment& l = side.memory.lists[piece.index];
      const bool allNull =
          std::any_of(l.ranges.begin(), l.ranges.end(),
                      [&](const FieldRange& r) { return r.offset == offset && r.lo == 0 && r.hi == 0; }) ||
          std::any_of(l.fields.begin(), l.fields.end(), [&](const FieldValues& f) {
            return f.offset == offset && f.step == 0 && isNull(f.first);
          });
      if (!allNull && !side.solver.entails(l.length == 0)) return std::nullopt;
      continue;
    }
    const FieldKey key{offset, pointerBits, View::Unsigned};
    std::optional<smt::Term> start = fieldValue(side.memory, side.memory.blocks[piece.index], key, side.equal);
    if (!start) return std::nullopt;
    if (isNull(*start)) continue;
    // The start may be related (the value a kept block holds there, which folding the block into the list drops):
    // the references counted below keep it the only way there.
    auto atRoot = [&](const smt::Term& at, size_t steps) { return steps > 0 && !side.rootsAt(at).empty(); };
    Chain sub = walkChain(side.memory, *start, shape, side.equal, along.blocks, along.lists, pointerBits, atRoot);
    if (sub.empty() || !isNull(sub.end)) return std::nullopt;
    for (const ChainPiece& p : sub.pieces) {
      if (p.isList && (side.memory.lists[p.index].back || !side.memory.lists[p.index].owned.empty()))
        return std::nullopt;
      const smt::Term& at = p.isList ? side.memory.lists[p.index].start : side.memory.blocks[p.index].lo;
      if (referencesTo(side.memory, side.equal, at) != 1) return std::nullopt;
    }
    along.chains.push_back(std::move(sub));
  }
  return along;
}

// The constant bounds of one field of the owned lists of both sides: the least and the largest numeral their values
// take in the states' models and their lists' bounds, when every value lies within them.
std::optional<FieldRange> ownedRange(FoldSide& a, FoldSide& b, const OwnedAlong& inA, const OwnedAlong& inB,
                                     const FieldKey& key) {
  std::optional<int64_t> lo, hi;
  bool unboundedBelow = false, unboundedAbove = false;
  auto widen = [&](int64_t n) {
    lo = lo ? std::min(*lo, n) : n;
    hi = hi ? std::max(*hi, n) : n;
  };
  auto widenTo = [&](const FieldRange& r) {
    r.lo ? widen(*r.lo) : void(unboundedBelow = true);
    r.hi ? widen(*r.hi) : void(unboundedAbove = true);
  };
  auto spans = [&](FoldSide& side, const OwnedAlong& along, std::vector<FieldSpan>& out) {
    for (const Chain& chain : along.chains) {
      std::optional<FieldSpan> span = spanOf(side.memory, chain, key, side.equal);
      if (!span) return false;
      for (const FieldSpan::Value& v : span->values) {
        int64_t n;
        if (!side.solver.value(v.value, n)) return false;
        widen(n);
      }
      for (const FieldRange& r : span->ranges) widenTo(r);
      out.push_back(std::move(*span));
    }
    for (const OwnedList& o : along.ofLists) {
      const FieldRange* r = rangeOf(o.ranges, key);
      if (!r) return false;
      widenTo(*r);
    }
    return true;
  };
  std::vector<FieldSpan> spansA, spansB;
  if (!spans(a, inA, spansA) || !spans(b, inB, spansB)) return std::nullopt;
  if (unboundedBelow) lo.reset();
  if (unboundedAbove) hi.reset();
  if (!lo && !hi) return std::nullopt;
  auto within = [&](FoldSide& side, const std::vector<FieldSpan>& all) {
    auto entails = [&](const smt::Term& goal) { return side.solver.entails(goal); };
    return std::all_of(all.begin(), all.end(), [&](const FieldSpan& s) { return spanWithin(s, lo, hi, entails); });
  };
  if (!within(a, spansA) || !within(b, spansB)) return std::nullopt;
  return FieldRange{key.offset, key.bits, key.view, lo, hi};
}

// A pointer field through which every element of both chains of a fold holds null or the only way to a
// null-terminated list of its own (an optional block, a list of lists) makes the merged list own such a list there;
// what those lists take is then the fold's. Their length is bounded by one where every one is that short, and their
// fields by the constant bounds all of their values lie within.
void foldOwned(FoldSide& a, FoldSide& b, const Chain& x, const Chain& y, unsigned pointerBits, ListSegment& list) {
  std::vector<uint64_t> offsets;
  std::vector<ListShape> shapes;
  auto note = [](auto& all, const auto& item) {
    if (std::find(all.begin(), all.end(), item) == all.end()) all.push_back(item);
  };
  for (auto [side, chain] : {std::pair{&a, &x}, std::pair{&b, &y}})
    for (const ChainPiece& piece : chain->pieces) {
      if (piece.isList) {
        for (const OwnedList& o : side->memory.lists[piece.index].owned) note(offsets, o.offset);
        continue;
      }
      const MemoryBlock& block = side->memory.blocks[piece.index];
      for (const PointsTo& p : side->memory.pointsTo) {
        std::optional<int64_t> offset = side->equal.offset(p.address, block.lo);
        if (p.bits != pointerBits || !z3::eq(p.block, block.lo) || !offset || *offset < 0) continue;
        const uint64_t at = static_cast<uint64_t>(*offset);
        if (at != list.nextOffset && !(list.back && list.back->offset == at)) note(offsets, at);
      }
    }
  for (uint64_t offset : offsets) {
    shapes.clear();
    for (auto [side, chain] : {std::pair{&a, &x}, std::pair{&b, &y}})
      for (const ChainPiece& piece : chain->pieces) {
        if (piece.isList) {
          for (const OwnedList& o : side->memory.lists[piece.index].owned)
            if (o.offset == offset) note(shapes, ListShape{o.elementBytes, o.nextOffset});
          continue;
        }
        const FieldKey key{offset, pointerBits, View::Unsigned};
        std::optional<smt::Term> start = fieldValue(side->memory, side->memory.blocks[piece.index], key, side->equal);
        if (start && !side->equal.null(*start))
          for (const ListShape& s :
               shapesFrom(side->memory, *start, side->equal, side->blocks, side->lists, pointerBits))
            note(shapes, s);
      }
    for (const ListShape& shape : shapes) {
      std::optional<OwnedAlong> inA = ownedAlong(a, x, offset, shape, pointerBits);
      std::optional<OwnedAlong> inB = inA ? ownedAlong(b, y, offset, shape, pointerBits) : std::nullopt;
      if (!inB || (inA->chains.empty() && inB->chains.empty() && inA->ofLists.empty() && inB->ofLists.empty()))
        continue;
      OwnedList owned{offset, shape.elementBytes, shape.nextOffset, nullptr, std::nullopt, {}};
      bool atMostOne = true;
      std::vector<FieldKey> keys;
      for (auto [side, along] : {std::pair{&a, &*inA}, std::pair{&b, &*inB}}) {
        for (const Chain& c : along->chains) {
          if (!owned.origin) owned.origin = c.origin;
          atMostOne = atMostOne && side->solver.entails(c.length <= 1);
          for (const FieldKey& k : fieldsOf(side->memory, c, shape, side->equal)) note(keys, k);
        }
        for (const OwnedList& o : along->ofLists) {
          if (!owned.origin) owned.origin = o.origin;
          atMostOne = atMostOne && o.maxLength && *o.maxLength <= 1;
          for (const FieldRange& r : o.ranges) note(keys, FieldKey{r.offset, r.bits, r.view});
        }
      }
      if (atMostOne) owned.maxLength = 1;
      for (const FieldKey& key : keys)
        if (std::optional<FieldRange> range = ownedRange(a, b, *inA, *inB, key)) owned.ranges.push_back(*range);
      a.blocks = inA->blocks;
      a.lists = inA->lists;
      b.blocks = inB->blocks;
      b.lists = inB->lists;
      list.owned.push_back(std::move(owned));
      break;
    }
  }
}

// The fields of the elements of both chains of a fold become the merged list's: a progression where their values
// progress by one step, else the constant bounds all of them lie within.
void foldFields(FoldSide& a, FoldSide& b, const Chain& x, const Chain& y, const ListShape& shape, Executor& executor,
                MergeResult& result, const Memory& merged, ListSegment& list,
                std::vector<std::pair<smt::Term, bool>>& terms, std::vector<smt::Term>& candidates) {
  std::vector<FieldKey> keys;
  addFieldsOf(keys, a, x, shape);
  addFieldsOf(keys, b, y, shape);
  for (const FieldKey& key : keys) {
    if (list.back && key.offset == list.back->offset) continue;
    if (std::any_of(list.owned.begin(), list.owned.end(), [&](const OwnedList& o) { return o.offset == key.offset; }))
      continue;
    if (!foldProgression(a, b, x, y, key, shape, executor, result, merged, list, terms, candidates))
      foldRange(a, b, x, y, key, list);
  }
}

// Whether a chain can show a link back: two pieces, or a doubly linked list (a block alone shows any of its pointer
// fields as one).
bool showsLinkBack(const Memory& memory, const Chain& chain) {
  return chain.pieces.size() >= 2 ||
         (chain.pieces.size() == 1 && chain.pieces[0].isList && memory.lists[chain.pieces[0].index].back);
}

// A link back that both chains of a fold show at one offset makes the merged list doubly linked; an empty chain
// shows any (its `before` and `last` are the address the element after it holds there, else a new value), and a
// chain of one block any of its pointer fields, so at least one chain must show it by two pieces. The merged list's
// `before` and `last` are values of their own that both instantiations relate to their chain's. The element after
// the merged list, when the merged state keeps it, is a candidate to hold the last element's address there.
std::optional<BackLink> foldBack(FoldSide& a, FoldSide& b, const Chain& x, const Chain& y, const ListShape& shape,
                                 const smt::Term& end, Executor& executor, unsigned pointerBits, MergeResult& result,
                                 Memory& merged, std::vector<std::pair<smt::Term, bool>>& terms,
                                 std::vector<smt::Term>& candidates) {
  if (!showsLinkBack(a.memory, x) && !showsLinkBack(b.memory, y)) return std::nullopt;
  std::vector<uint64_t> offsets = backOffsetsOf(a.memory, x, shape, a.equal, pointerBits);
  for (uint64_t offset : backOffsetsOf(b.memory, y, shape, b.equal, pointerBits))
    if (std::find(offsets.begin(), offsets.end(), offset) == offsets.end()) offsets.push_back(offset);
  auto linkOf = [&](FoldSide& side, const Chain& chain, uint64_t offset) -> std::optional<ChainBack> {
    if (chain.empty()) {
      FieldKey key{offset, pointerBits, View::Unsigned};
      std::optional<smt::Term> after = valueAfter(side.memory, chain, shape.elementBytes, key, side.equal);
      smt::Term before = after ? *after : executor.fresh("before");
      return ChainBack{before, before};
    }
    auto same = [&](const smt::Term& p, const smt::Term& q) {
      return side.equal.same(p, q) || side.solver.entails(p == q);
    };
    return backLinkOf(side.memory, chain, offset, side.equal, pointerBits, same);
  };
  for (uint64_t offset : offsets) {
    std::optional<ChainBack> inA = linkOf(a, x, offset);
    std::optional<ChainBack> inB = inA ? linkOf(b, y, offset) : std::nullopt;
    if (!inB) continue;
    BackLink back{offset, executor.fresh("before"), executor.fresh("last")};
    result.fromOlder.pairs.emplace_back(back.before, inA->before);
    result.fromOlder.pairs.emplace_back(back.last, inA->last);
    result.fromNewer.pairs.emplace_back(back.before, inB->before);
    result.fromNewer.pairs.emplace_back(back.last, inB->last);
    terms.emplace_back(back.before, true);
    terms.emplace_back(back.last, true);
    // The element after the list: a merge may have dropped its link back as a link that changed where a moving
    // pointer is (a new tail's), and it comes back where both states show it holding the chain's last element.
    const FieldKey key{offset, pointerBits, View::Unsigned};
    auto holdsLast = [&](FoldSide& side, const Chain& chain, const ChainBack& link) {
      std::optional<smt::Term> after = valueAfter(side.memory, chain, shape.elementBytes, key, side.equal);
      return after && (side.equal.same(*after, link.last) || side.solver.entails(*after == link.last));
    };
    EqualTerms structural({});
    for (const MemoryBlock& block : merged.blocks) {
      if (!z3::eq(block.lo, end)) continue;
      if (std::optional<smt::Term> after = fieldValue(merged, block, key, structural))
        candidates.push_back(*after == back.last);
      else if (holdsLast(a, x, *inA) && holdsLast(b, y, *inB))
        merged.pointsTo.push_back(PointsTo{(block.lo + block.lo.ctx().int_val(offset)).simplify(), back.last,
                                           pointerBits, View::Unsigned, block.lo});
    }
    return back;
  }
  return std::nullopt;
}

// The part of a doubly linked list that a pointer moving forward has passed is reachable only through the links
// back (`while (x->next) x = x->next;` where no program value keeps the list's start): from the `before` of each
// list folded from `firstNew` on, the blocks and lists neither state keeps that link back from there fold into one
// list ahead of it, which ends at its start and whose last element is its `before`. The new list's start, length
// and `before` are values of their own that both instantiations relate to their chain's.
void foldPassed(FoldSide& a, FoldSide& b, size_t firstNew, Executor& executor, unsigned pointerBits,
                MergeResult& result, Memory& merged, std::vector<std::pair<smt::Term, bool>>& terms) {
  for (size_t k = firstNew, folded = merged.lists.size(); k < folded; ++k) {
    if (!merged.lists[k].back) continue;
    const ListSegment ahead = merged.lists[k];  // a copy: the lists grow below
    const ListShape shape{ahead.elementBytes, ahead.nextOffset};
    auto walk = [&](FoldSide& side, const Instantiation& mu) {
      auto stop = [&](const smt::Term& at) { return side.equal.null(at) || !side.rootsAt(at).empty(); };
      return walkBack(side.memory, mu.apply(ahead.back->before), mu.apply(ahead.start), shape, ahead.back->offset,
                      side.equal, side.blocks, side.lists, pointerBits, stop);
    };
    BackChain x = walk(a, result.fromOlder), y = walk(b, result.fromNewer);
    if (x.chain.empty() && y.chain.empty()) continue;
    ListSegment passed{executor.fresh("list_start"), ahead.start, executor.fresh("length"), shape.elementBytes,
                       shape.nextOffset, x.chain.origin ? x.chain.origin : y.chain.origin, {},
                       BackLink{ahead.back->offset, executor.fresh("before"), ahead.back->before}, {}, {}};
    for (auto [mu, chain] : {std::pair{&result.fromOlder, &x}, std::pair{&result.fromNewer, &y}}) {
      mu->pairs.emplace_back(passed.start, chain->start);
      mu->pairs.emplace_back(passed.length, chain->chain.length);
      mu->pairs.emplace_back(passed.back->before, chain->before);
    }
    terms.emplace_back(passed.start, true);
    terms.emplace_back(passed.length, false);
    terms.emplace_back(passed.back->before, true);
    merged.lists.push_back(std::move(passed));
  }
}

// A value that points to the last element of a doubly linked list in both states (a walk back from the tail): the
// blocks and lists that link back from there, up to null or another related value, fold into one list whose last
// element the value is. Its start, end, length and `before` are values of their own that both instantiations relate
// to their chain's (a null end stays null). The shapes are those of the states' doubly linked lists. False when no
// such fold exists.
bool foldBackFrom(FoldSide& a, FoldSide& b, const smt::Term& variable, const smt::Term& inA, const smt::Term& inB,
                  Executor& executor, unsigned pointerBits, MergeResult& result, Memory& merged,
                  std::vector<std::pair<smt::Term, bool>>& terms) {
  struct Shape {
    ListShape list;
    uint64_t backOffset;
  };
  std::vector<Shape> shapes;
  for (const Memory* memory : {&a.memory, &b.memory})
    for (const ListSegment& l : memory->lists)
      if (l.back && std::none_of(shapes.begin(), shapes.end(), [&](const Shape& s) {
            return s.list == ListShape{l.elementBytes, l.nextOffset} && s.backOffset == l.back->offset;
          }))
        shapes.push_back({{l.elementBytes, l.nextOffset}, l.back->offset});
  for (const Shape& shape : shapes) {
    auto walk = [&](FoldSide& side, const smt::Term& from) {
      side.takenBlocks = side.blocks;
      side.takenLists = side.lists;
      auto stop = [&](const smt::Term& at) {
        return side.equal.null(at) || (!side.equal.same(at, from) && !side.rootsAt(at).empty());
      };
      return walkBack(side.memory, from, std::nullopt, shape.list, shape.backOffset, side.equal, side.takenBlocks,
                      side.takenLists, pointerBits, stop);
    };
    BackChain x = walk(a, inA), y = walk(b, inB);
    if (!showsLinkBack(a.memory, x.chain) && !showsLinkBack(b.memory, y.chain)) continue;
    if (!a.tookUntracked() && !b.tookUntracked()) continue;
    a.blocks = a.takenBlocks;
    a.lists = a.takenLists;
    b.blocks = b.takenBlocks;
    b.lists = b.takenLists;
    smt::Term null = variable.ctx().int_val(0);
    const bool nullTerminated = a.equal.null(x.chain.end) && b.equal.null(y.chain.end);
    ListSegment list{executor.fresh("list_start"), nullTerminated ? null : executor.fresh("list_end"),
                     executor.fresh("length"), shape.list.elementBytes, shape.list.nextOffset,
                     x.chain.origin ? x.chain.origin : y.chain.origin, {},
                     BackLink{shape.backOffset, executor.fresh("before"), variable}, {}, {}};
    for (auto [mu, chain] : {std::pair{&result.fromOlder, &x}, std::pair{&result.fromNewer, &y}}) {
      mu->pairs.emplace_back(list.start, chain->start);
      if (!nullTerminated) mu->pairs.emplace_back(list.end, chain->chain.end);
      mu->pairs.emplace_back(list.length, chain->chain.length);
      mu->pairs.emplace_back(list.back->before, chain->before);
    }
    terms.emplace_back(list.start, true);
    if (!nullTerminated) terms.emplace_back(list.end, true);
    terms.emplace_back(list.length, false);
    terms.emplace_back(list.back->before, true);
    merged.lists.push_back(std::move(list));
    return true;
  }
  return false;
}

// Whether the chains of a fold, `x` in one state and `y` in the other, have a field that the first or the last of
// their pieces knows and whose values do not progress along them: the list they would fold into would not know it.
bool breaksProgression(FoldSide& a, FoldSide& b, const Chain& x, const Chain& y, const ListShape& shape,
                       unsigned pointerBits) {
  auto progresses = [&](FoldSide& side, const Chain& chain, const FieldKey& key) {
    return chain.empty() || progressionIn(side, chain, key).has_value();
  };
  std::vector<FieldKey> keys;
  for (auto [side, chain] : {std::pair{&a, &x}, std::pair{&b, &y}}) {
    if (chain->empty()) continue;
    addFieldsOf(keys, *side, *chain, shape);
    addFieldsOf(keys, *side, Chain{{chain->pieces.back()}, chain->end, chain->length, nullptr}, shape);
  }
  // A link back is no value the list would lose: the fold makes the list doubly linked through it.
  auto linksBack = [&](FoldSide& side, const Chain& chain, const FieldKey& key) {
    if (chain.empty()) return true;
    auto same = [&](const smt::Term& p, const smt::Term& q) {
      return side.equal.same(p, q) || side.solver.entails(p == q);
    };
    return key.bits == pointerBits && backLinkOf(side.memory, chain, key.offset, side.equal, pointerBits, same);
  };
  return std::any_of(keys.begin(), keys.end(), [&](const FieldKey& key) {
    return !(linksBack(a, x, key) && linksBack(b, y, key)) && !(progresses(a, x, key) && progresses(b, y, key));
  });
}

// Whether the chains of a fold are those of a pointer that moved forward along blocks both states keep: the newer
// chain starts at a later piece of the older one. The part ahead of it is a list from it, kept blocks or not, whatever
// its elements hold; the blocks it passed are left to the fold of what it passed.
bool movedAlong(const FoldSide& a, const FoldSide& b, const Chain& x, const Chain& y) {
  if (x.empty() || y.empty() || a.keptAlike(x.pieces.front(), b, y.pieces.front())) return false;
  for (size_t i = 1; i < x.pieces.size(); ++i)
    if (a.keptAlike(x.pieces[i], b, y.pieces.front())) return true;
  return false;
}

// The first related value of `x` that `y` has too.
std::optional<size_t> meetingAt(const std::vector<size_t>& x, const std::vector<size_t>& y) {
  for (size_t r : x)
    if (std::find(y.begin(), y.end(), r) != y.end()) return r;
  return std::nullopt;
}

// Whether every piece of a side's chain is reached from no related value but the `root` a fold starts from. A pointer
// that is null in one state and leads to such heap in the other (a block that a moving element owns there) can only
// be described as a list from it, even where both states keep its blocks.
bool reachedOnlyFrom(const FoldSide& side, const Chain& chain, size_t root) {
  for (const ChainPiece& p : chain.pieces) {
    const smt::Term& at = p.isList ? side.memory.lists[p.index].start : side.memory.blocks[p.index].lo;
    for (size_t r : side.rootsAt(at))
      if (r != root) return false;
  }
  return true;
}

// Whether both chains start with a block that both states keep and whose location other than the link holds, in the
// merged state, a related value that starts heap in either state (the start of a list an element's cursor walks,
// which the merge relates): folding the block into a list would lose the only pointer to that heap.
bool holdsRelatedHeap(const FoldSide& a, const FoldSide& b, const Chain& x, const Chain& y, const ListShape& shape,
                      const Memory& merged, unsigned pointerBits) {
  if (x.empty() || y.empty() || !a.keptAlike(x.pieces.front(), b, y.pieces.front())) return false;
  const MemoryBlock& block = a.memory.blocks[x.pieces.front().index];
  for (const PointsTo& p : merged.pointsTo) {
    std::optional<int64_t> offset = a.equal.offset(a.mu.apply(p.address), block.lo);
    if (p.bits != pointerBits || !a.equal.same(a.mu.apply(p.block), block.lo) || !offset || *offset < 0 ||
        static_cast<uint64_t>(*offset) == shape.nextOffset)
      continue;
    for (size_t r = 0; r < a.roots; ++r)
      if (z3::eq(a.mu.pairs[r].first, p.value) && (heapStartsAt(a.memory, a.equal, a.mu.pairs[r].second) ||
                                                   heapStartsAt(b.memory, b.equal, b.mu.pairs[r].second)))
        return true;
  }
  return false;
}

// Whether lists of the memories already link elements of `shape` through its field. A structure links its elements
// through one field, and its other pointer fields lead to what each element owns: that link is tried first.
bool linkKnown(const ListShape& shape, std::initializer_list<const Memory*> memories) {
  for (const Memory* m : memories)
    for (const ListSegment& l : m->lists)
      if (ListShape{l.elementBytes, l.nextOffset} == shape) return true;
  return false;
}

// A related value other than `root` that is null in one state and on the chains from `root`'s values in the other
// (a cursor that walked off the end of a list in one state and not yet in the other, as after a first pass over a
// list of one element): the fold's list ends where it points, `x` and `y` become the chains up to there, and the part
// from there is a list of its own. The related value, when there is one.
std::optional<size_t> splitAtCursor(FoldSide& a, FoldSide& b, size_t root, const smt::Term& inA, const smt::Term& inB,
                                    const ListShape& shape, Chain& x, Chain& y, unsigned pointerBits) {
  const std::vector<bool> takenA = a.takenBlocks, listsA = a.takenLists, takenB = b.takenBlocks,
                          listsB = b.takenLists;  // what the walks of `x` and `y` took
  for (size_t r = 0; r < a.roots; ++r) {
    const smt::Term& atA = a.mu.pairs[r].second;
    const smt::Term& atB = b.mu.pairs[r].second;
    if (r == root || a.equal.null(atA) == b.equal.null(atB)) continue;
    Chain toA = a.walk(inA, shape, atA, pointerBits), toB = b.walk(inB, shape, atB, pointerBits);
    if (!(toA.empty() && toB.empty()) && a.equal.same(toA.end, atA) && b.equal.same(toB.end, atB)) {
      x = std::move(toA);
      y = std::move(toB);
      return r;
    }
    a.takenBlocks = takenA;
    a.takenLists = listsA;
    b.takenBlocks = takenB;
    b.takenLists = listsB;
  }
  return std::nullopt;
}

}  // namespace

// Lists (seed 003 §4.2): from each value the merge relates, the heap blocks neither state keeps and the lists,
// chained through one pointer field, fold into one list of the merged state when either state has an element there.
// Its length is a variable of its own that both instantiations relate to their state's count, like a program value.
// A walk stops at another related value, so that two pointers into one list give two lists, the first ending where
// the second starts.
void foldLists(FoldSide& a, FoldSide& b, Executor& executor, z3::context& context, unsigned pointerBits,
               MergeResult& result, Memory& merged, std::vector<std::pair<smt::Term, bool>>& terms,
               std::vector<smt::Term>& candidates) {
  smt::Term null = context.int_val(0);
  const size_t firstNew = merged.lists.size();
  // A value both states have that the merge does not rename (a pointer kept from before the loop) stays.
  auto kept = [](const smt::Term& t, const Instantiation& mu) {
    return std::none_of(mu.pairs.begin(), mu.pairs.end(), [&](const auto& m) { return z3::eq(m.second, t); });
  };
  struct Fold {
    ListShape shape;
    Chain x, y;
    std::optional<size_t> meeting;
    bool nullTerminated;
    std::optional<smt::Term> keptEnd;
    std::vector<bool> blocksA, listsA, blocksB, listsB;
  };
  for (size_t k = 0; k < a.roots; ++k) {
    smt::Term variable = result.fromOlder.pairs[k].first;
    smt::Term inA = result.fromOlder.pairs[k].second;
    smt::Term inB = result.fromNewer.pairs[k].second;
    if (inA.is_numeral() && inB.is_numeral()) continue;
    bool endsAlike = false;  // the last attempt's chains end alike where the states keep all of them
    auto attempt = [&](const ListShape& shape) -> std::optional<Fold> {
      endsAlike = false;
      Chain x = a.walk(inA, shape, std::nullopt, pointerBits);
      Chain y = b.walk(inB, shape, std::nullopt, pointerBits);
      if (x.empty() && y.empty()) return std::nullopt;
      bool nullTerminated = a.equal.same(x.end, null) && b.equal.same(y.end, null);
      // A cycle that the pointer walks around in both states splits where the pointer entered the loop: into the
      // part ahead of it, which the merged list is, and the part it passed, which becomes untracked heap.
      std::optional<smt::Term> entryEnd;
      bool cycles = !x.empty() && !y.empty() && a.equal.same(x.end, inA) && b.equal.same(y.end, inB);
      for (size_t e = 0; e < a.entries.size() && cycles && !entryEnd; ++e) {
        const smt::Term& entry = a.entries[e];
        auto upTo = [&](FoldSide& side, const smt::Term& start, const Chain& around) {
          std::optional<smt::Term> target;
          if (!side.equal.same(around.end, entry)) target = entry;  // else the cycle runs through the entry
          return side.walk(start, shape, target, pointerBits);
        };
        Chain ahead = upTo(a, inA, x), aheadB = upTo(b, inB, y);
        if (ahead.empty() || aheadB.empty() || !a.equal.same(ahead.end, entry) || !b.equal.same(aheadB.end, entry))
          continue;
        x = ahead;
        y = aheadB;
        entryEnd = entry;
      }
      std::optional<size_t> meeting;
      if (!entryEnd) meeting = meetingAt(a.rootsAt(x.end), b.rootsAt(y.end));
      // One walk stopped at a related value where the other went on (in its state, that value pointed where this
      // one starts): the other walk goes only up to its state's value of it.
      for (size_t r : b.rootsAt(y.end)) {
        if (nullTerminated || meeting || entryEnd) break;
        smt::Term target = result.fromOlder.pairs[r].second;
        x = a.walk(inA, shape, target, pointerBits);
        if (a.equal.same(x.end, target)) meeting = r;
      }
      for (size_t r : a.rootsAt(x.end)) {
        if (nullTerminated || meeting || entryEnd) break;
        smt::Term target = result.fromNewer.pairs[r].second;
        y = b.walk(inB, shape, target, pointerBits);
        if (b.equal.same(y.end, target)) meeting = r;
      }
      if (nullTerminated && !meeting && !entryEnd)
        nullTerminated = !(meeting = splitAtCursor(a, b, k, inA, inB, shape, x, y, pointerBits));
      if (!nullTerminated && !meeting && !entryEnd) {
        x = a.walk(inA, shape, std::nullopt, pointerBits);
        y = b.walk(inB, shape, std::nullopt, pointerBits);
      }
      if (holdsRelatedHeap(a, b, x, y, shape, merged, pointerBits)) {
        endsAlike = true;
        return std::nullopt;
      }
      const bool cursorAhead = movedAlong(a, b, x, y);
      // A block both states keep that ends both chains stays a block of its own, where the list ends, when a field
      // that it or the chains' first piece knows does not progress along them (a token or a sentinel after the
      // elements).
      while (!cursorAhead && !x.empty() && !y.empty() && a.keptAlike(x.pieces.back(), b, y.pieces.back()) &&
             breaksProgression(a, b, x, y, shape, pointerBits)) {
        a.shortenWalkTo(x, a.withoutLast(x));
        b.shortenWalkTo(y, b.withoutLast(y));
      }
      if (x.empty() && y.empty()) return std::nullopt;
      // A fold that ends at a related value, with no elements in one state, is the part a moving pointer passed
      // (none at the loop's entry, s's element after a pass of `s = x; while (x->next) x = x->next;`): it folds
      // even where its elements are blocks both states keep. Their copies that no fold took are then heap the
      // merged state no longer describes.
      const bool passed = meeting && x.empty() != y.empty();
      // Null in one state, heap no other related value reaches in the other: a list from it, kept blocks or not.
      const bool nullInOne =
          nullTerminated && x.empty() != y.empty() && reachedOnlyFrom(a, x, k) && reachedOnlyFrom(b, y, k);
      if (!passed && !nullInOne && !cursorAhead && !a.tookUntracked() && !b.tookUntracked()) {
        endsAlike = nullTerminated || meeting;
        return std::nullopt;
      }
      std::optional<smt::Term> keptEnd = entryEnd;
      if (z3::eq(x.end, y.end) && kept(x.end, result.fromOlder) && kept(y.end, result.fromNewer)) keptEnd = x.end;
      return Fold{shape, x, y, meeting, nullTerminated, keptEnd, a.takenBlocks, a.takenLists, b.takenBlocks,
                  b.takenLists};
    };
    // Of the pointer fields, the one whose chains end alike in both states (at NULL, at a related value, at a
    // value kept from before) is the link; an integer field of pointer width is not.
    auto knownLink = [&](const ListShape& s) { return linkKnown(s, {&a.memory, &b.memory, &merged}); };
    std::vector<ListShape> shapes = a.shapes(inA, pointerBits);
    for (const ListShape& s : b.shapes(inB, pointerBits))
      if (std::find(shapes.begin(), shapes.end(), s) == shapes.end()) shapes.push_back(s);
    std::stable_partition(shapes.begin(), shapes.end(), knownLink);
    std::optional<Fold> chosen;
    bool linked = false;
    for (const ListShape& shape : shapes) {
      std::optional<Fold> fold = attempt(shape);
      // Blocks both states keep, linked alike through a link lists already use, fold through no other field.
      if (!fold && endsAlike && knownLink(shape)) break;
      if (!fold) continue;
      linked = fold->meeting || fold->nullTerminated || fold->keptEnd;
      if (!chosen || linked) chosen = std::move(fold);
      if (linked) break;
    }
    if (!linked && foldBackFrom(a, b, variable, inA, inB, executor, pointerBits, result, merged, terms)) continue;
    if (!chosen) continue;
    const Fold& f = *chosen;
    a.blocks = f.blocksA;
    a.lists = f.listsA;
    b.blocks = f.blocksB;
    b.lists = f.listsB;
    smt::Term end = null;
    if (f.meeting) {
      end = result.fromOlder.pairs[*f.meeting].first;
    } else if (f.keptEnd) {
      end = *f.keptEnd;
    } else if (!f.nullTerminated) {
      end = executor.fresh("list_end");
      result.fromOlder.pairs.emplace_back(end, f.x.end);
      result.fromNewer.pairs.emplace_back(end, f.y.end);
      terms.emplace_back(end, true);
    }
    smt::Term length = executor.fresh("length");
    result.fromOlder.pairs.emplace_back(length, f.x.length);
    result.fromNewer.pairs.emplace_back(length, f.y.length);
    terms.emplace_back(length, false);
    ListSegment list{variable, end, length, f.shape.elementBytes, f.shape.nextOffset,
                     f.x.origin ? f.x.origin : f.y.origin, {}, std::nullopt, {}, {}};
    list.back = foldBack(a, b, f.x, f.y, f.shape, end, executor, pointerBits, result, merged, terms, candidates);
    foldOwned(a, b, f.x, f.y, pointerBits, list);
    foldFields(a, b, f.x, f.y, f.shape, executor, result, merged, list, terms, candidates);
    merged.lists.push_back(std::move(list));
  }
  foldPassed(a, b, firstNew, executor, pointerBits, result, merged, terms);
}

}  // namespace atropos::symex
