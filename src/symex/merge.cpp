#include "merge.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/Instruction.h>

#include <algorithm>
#include <set>

#include "smt/integers.h"
#include "smt/term.h"
#include "lists.h"
#include "merge_candidates.h"
#include "merge_support.h"

namespace atropos::symex {

smt::Term Instantiation::apply(const smt::Term& term) const {
  if (pairs.empty()) return term;
  z3::expr_vector from(term.ctx()), to(term.ctx());
  for (const auto& [general, instance] : pairs) {
    from.push_back(general);
    to.push_back(instance);
  }
  return const_cast<smt::Term&>(term).substitute(from, to);
}

bool sameShape(const State& a, const State& b) {
  if (a.frames.size() != b.frames.size()) return false;
  for (size_t f = 0; f < a.frames.size(); ++f) {
    const Frame& x = a.frames[f];
    const Frame& y = b.frames[f];
    if (x.function != y.function || x.next != y.next || x.locals.size() != y.locals.size()) return false;
    for (size_t k = 0; k < x.locals.size(); ++k)
      if (x.locals[k].id != y.locals[k].id) return false;
  }
  return true;
}

void atomsOf(const smt::Term& fact, std::vector<smt::Term>& out) {
  if (fact.is_and()) {
    for (unsigned k = 0; k < fact.num_args(); ++k) atomsOf(fact.arg(k), out);
    return;
  }
  if (fact.is_eq() && fact.arg(0).is_int()) {
    out.push_back(fact.arg(0) <= fact.arg(1));
    out.push_back(fact.arg(0) >= fact.arg(1));
    return;
  }
  if (fact.is_true()) return;
  out.push_back(fact);
}

bool sameBlock(const MemoryBlock& x, const MemoryBlock& y) {
  return z3::eq(x.lo, y.lo) && z3::eq(x.hi, y.hi) && x.kind == y.kind && x.frame == y.frame;
}

bool samePointsTo(const PointsTo& x, const PointsTo& y) {
  return x.bits == y.bits && x.view == y.view && z3::eq(x.address, y.address) && z3::eq(x.value, y.value) &&
         z3::eq(x.block, y.block);
}

MemoryBlock renamed(const MemoryBlock& b, const Instantiation& mu) {
  MemoryBlock r = b;
  r.lo = mu.apply(b.lo);
  r.hi = mu.apply(b.hi);
  return r;
}

PointsTo renamed(const PointsTo& p, const Instantiation& mu) {
  PointsTo r = p;
  r.address = mu.apply(p.address).simplify();
  r.value = mu.apply(p.value);
  r.block = mu.apply(p.block);
  return r;
}

namespace {

ListSegment renamed(const ListSegment& l, const Instantiation& mu) {
  ListSegment r = l;
  for (smt::Term* t : r.terms()) *t = mu.apply(*t);
  return r;
}

bool sameList(const ListSegment& x, const ListSegment& y) {
  auto sameField = [](const FieldValues& f, const FieldValues& g) {
    return f.offset == g.offset && f.bits == g.bits && f.view == g.view && f.step == g.step && z3::eq(f.first, g.first);
  };
  auto sameBack = [](const std::optional<BackLink>& f, const std::optional<BackLink>& g) {
    if (!f || !g) return !f && !g;
    return f->offset == g->offset && z3::eq(f->before, g->before) && z3::eq(f->last, g->last);
  };
  return z3::eq(x.start, y.start) && z3::eq(x.end, y.end) && z3::eq(x.length, y.length) &&
         x.elementBytes == y.elementBytes && x.nextOffset == y.nextOffset &&
         std::equal(x.fields.begin(), x.fields.end(), y.fields.begin(), y.fields.end(), sameField) &&
         sameBack(x.back, y.back) && x.ranges == y.ranges && x.owned == y.owned;
}

// Whether the entry's location lies in one of the memory's heap blocks.
bool inHeapBlock(const Memory& m, const PointsTo& p) {
  return std::any_of(m.blocks.begin(), m.blocks.end(),
                     [&](const MemoryBlock& b) { return b.kind == BlockKind::Heap && z3::eq(b.lo, p.block); });
}

// The heap block that starts at `lo`, where `kept` marks it as `keptOnes` says. Blocks are pairwise disjoint, so at
// most one does.
std::optional<size_t> heapBlockAmong(const Memory& m, const std::vector<bool>& kept, bool keptOnes,
                                     const EqualTerms& equal, const smt::Term& lo) {
  for (size_t k = 0; k < m.blocks.size(); ++k)
    if (kept[k] == keptOnes && m.blocks[k].kind == BlockKind::Heap && equal.same(m.blocks[k].lo, lo)) return k;
  return std::nullopt;
}

std::optional<size_t> untrackedHeapBlockAt(const Memory& m, const std::vector<bool>& kept, const EqualTerms& equal,
                                           const smt::Term& lo) {
  return heapBlockAmong(m, kept, false, equal, lo);
}

// Heap memory that a merged state does not describe: a heap block not kept, a list not kept or folded.
bool untracked(const Memory& m, const std::vector<bool>& keptBlocks, const std::vector<bool>& keptLists) {
  for (size_t k = 0; k < m.blocks.size(); ++k)
    if (!keptBlocks[k] && m.blocks[k].kind == BlockKind::Heap) return true;
  return std::find(keptLists.begin(), keptLists.end(), false) != keptLists.end();
}

// From the instance's variables back to the general state's (a numeral instance, e.g. a stored 0, has no way back).
Instantiation inverse(const Instantiation& mu) {
  Instantiation r;
  for (const auto& [general, instance] : mu.pairs)
    if (smt::isSymbol(instance))
      r.pairs.emplace_back(instance, general);
  return r;
}

}  // namespace

namespace {

// Renamings into the merged state; a moved block's bounds are the merged block's even where the older state's
// pointer value is also another program value's.
Instantiation toMerged(const Instantiation& mu, const std::vector<std::pair<smt::Term, smt::Term>>& moved) {
  Instantiation r = inverse(mu);
  std::erase_if(r.pairs, [&](const auto& p) {
    return std::any_of(moved.begin(), moved.end(), [&](const auto& m) { return z3::eq(m.first, p.first); });
  });
  r.pairs.insert(r.pairs.end(), moved.begin(), moved.end());
  return r;
}

// Renames the program values of two states at one place into fresh variables and finds the facts both imply: the
// merged state (Def. 6 and 7 of seed 002). Each phase below adds to the merged state, in this order: its program
// values, the loop-entry values, its memory (blocks kept or moved, locations, lists folded), then the candidate
// facts, of which the merged state keeps those both states entail.
struct Merger {
  Merger(const State& older, const State& newer, bool olderIsMerged, bool widen, Executor& executor,
         const ProgramIndex& index, z3::context& context, const smt::Limits& limits,
         const std::vector<std::pair<smt::Term, bool>>& anchors)
      : older(older),
        newer(newer),
        olderIsMerged(olderIsMerged),
        widen(widen),
        executor(executor),
        index(index),
        context(context),
        limits(limits),
        anchors(anchors) {}

  // Every program value of the merged state is a fresh variable, related to each state's value.
  void renameProgramValues() {
    for (size_t f = 0; f < c.frames.size(); ++f) {
      Frame& frame = c.frames[f];
      for (size_t k = 0; k < frame.locals.size(); ++k) {
        const llvm::Value* value = index.valueById(frame.function, frame.locals[k].id);
        smt::Term v = executor.fresh(index.name(value));
        result.fromOlder.pairs.emplace_back(v, older.frames[f].locals[k].value);
        result.fromNewer.pairs.emplace_back(v, newer.frames[f].locals[k].value);
        frame.locals[k].value = v;
        unsigned bits = index.bits(value->getType());
        bool pointer = value->getType()->isPointerTy();
        View view = pointer ? View::Unsigned : index.view(value);
        if (bits) {
          facts.push_back(index.rangeOf(value, v, bits, view));
          if (value->getType()->isIntegerTy() || pointer) terms.emplace_back(v, pointer);
        }
      }
    }
  }

  void recordLoopEntryValues() {
    // Loop-entry values: the older state's values of the program values that changed stay in the merged state as
    // variables of their own, so that it can relate a value to where it started (d - d0 == n0 - n).
    if (!olderIsMerged)
      for (size_t f = 0; f < c.frames.size(); ++f)
        for (size_t k = 0; k < c.frames[f].locals.size(); ++k) {
          const smt::Term& before = older.frames[f].locals[k].value;
          if (z3::eq(before, newer.frames[f].locals[k].value)) continue;
          const llvm::Value* value = index.valueById(c.frames[f].function, c.frames[f].locals[k].id);
          if (!value->getType()->isIntegerTy() && !value->getType()->isPointerTy()) continue;
          changed.emplace_back(c.frames[f].locals[k].value, before);
          if (value->getType()->isIntegerTy())
            changedIntegers.push_back(changed.back());
          else
            entryPointers.push_back(before);
          terms.emplace_back(before, value->getType()->isPointerTy());
        }
  }

  // A pointer that moved from a heap block to one the iteration allocated (the tail of a list built at its end:
  // `curr->next = n; curr = n`): both are one block of the merged state, at the pointer's value. Its end is a
  // variable of its own. The older block may also be the newer state's (the list's first element): there it is
  // left to the lists, which then run up to the pointer. A new block that links to the older one is a list's new
  // head instead, which the lists take.
  void keepMovedBlocks() {
    // A block of constant size: the merged block has that size.
    auto heapBlockAt = [](const Memory& m, const std::vector<bool>& kept, const EqualTerms& equal,
                          const smt::Term& lo) -> std::optional<size_t> {
      std::optional<size_t> k = untrackedHeapBlockAt(m, kept, equal, lo);
      return k && m.blocks[*k].bytes > 0 ? k : std::nullopt;
    };
    for (size_t t = 0, programValues = terms.size(); t < programValues; ++t) {
      if (!terms[t].second) continue;
      smt::Term v = terms[t].first;
      smt::Term inA = result.fromOlder.apply(v), inB = result.fromNewer.apply(v);
      if (z3::eq(inA, inB)) continue;
      std::optional<size_t> j = heapBlockAt(ma, keptA, equalA, inA), k = heapBlockAt(mb, keptB, equalB, inB);
      if (!j || !k || ma.blocks[*j].bytes != mb.blocks[*k].bytes) continue;
      const MemoryBlock& x = ma.blocks[*j];
      const MemoryBlock& y = mb.blocks[*k];
      // A new block that links to the older one is a new head, unless another program value reaches the older one
      // too: then it is a doubly linked list's new tail, which links back.
      auto reachedOtherwise = [&]() {
        for (size_t u = 0; u < programValues; ++u) {
          if (u == t || !terms[u].second) continue;
          smt::Term other = result.fromNewer.apply(terms[u].first);
          if (!equalB.same(other, y.lo) && linksTo(mb, other, x.lo, equalB, index.pointerBits())) return true;
        }
        return false;
      };
      if (std::any_of(ma.blocks.begin(), ma.blocks.end(), [&](const MemoryBlock& o) { return z3::eq(o.lo, y.lo); }) ||
          (linksTo(mb, y.lo, x.lo, equalB, index.pointerBits()) && !reachedOtherwise()))
        continue;
      smt::Term hi = executor.fresh("block_end");
      result.fromOlder.pairs.emplace_back(hi, x.hi);
      result.fromNewer.pairs.emplace_back(hi, y.hi);
      terms.emplace_back(hi, true);
      movedA.insert(movedA.end(), {{x.lo, v}, {x.hi, hi}});
      movedB.insert(movedB.end(), {{y.lo, v}, {y.hi, hi}});
      MemoryBlock block = x;
      block.lo = v;
      block.hi = hi;
      memory->blocks.push_back(block);
      keptA[*j] = keptB[*k] = true;
      keptAs[*j] = *k;
    }
  }

  // Blocks both states have, once renamed into the merged state.
  void keepSameBlocks() {
    toMergedA = toMerged(result.fromOlder, movedA);
    toMergedB = toMerged(result.fromNewer, movedB);
    for (size_t j = 0; j < ma.blocks.size(); ++j) {
      if (keptA[j]) continue;
      MemoryBlock rx = renamed(ma.blocks[j], toMergedA);
      for (size_t k = 0; k < mb.blocks.size() && !keptA[j]; ++k)
        if (!keptB[k] && sameBlock(rx, renamed(mb.blocks[k], toMergedB))) {
          keptA[j] = keptB[k] = true;
          keptAs[j] = k;
        }
      if (keptA[j]) memory->blocks.push_back(rx);
    }
    c.heapHidden = older.heapHidden || newer.heapHidden;
    c.inputsKnown = false;
  }

  // Whether `value`, the same term in both states, starts heap that the loop changed: a heap block only one state
  // has, or a list the other state does not have as it is (the list a caller's variable or a global holds, into
  // which the loop inserted).
  bool startsChangedHeap(const smt::Term& value) const {
    auto listOnlyIn = [&](const Memory& m, const EqualTerms& equal, const Instantiation& toMergedM,
                          const Memory& other, const Instantiation& toMergedOther) {
      return std::any_of(m.lists.begin(), m.lists.end(), [&](const ListSegment& l) {
        if (!equal.same(l.start, value)) return false;
        ListSegment r = renamed(l, toMergedM);
        return std::none_of(other.lists.begin(), other.lists.end(),
                            [&](const ListSegment& o) { return sameList(r, renamed(o, toMergedOther)); });
      });
    };
    return !equalA.null(value) &&
           (untrackedHeapBlockAt(ma, keptA, equalA, value) || untrackedHeapBlockAt(mb, keptB, equalB, value) ||
            listOnlyIn(ma, equalA, toMergedA, mb, toMergedB) || listOnlyIn(mb, equalB, toMergedB, ma, toMergedA));
  }

  // The merged variable of the first `count` related values whose values in the two states are the pointers the
  // two entries hold, if one is.
  std::optional<smt::Term> relatedValueHeld(const PointsTo& x, const PointsTo& y, size_t count) const {
    if (x.bits != index.pointerBits() || equalA.null(x.value)) return std::nullopt;
    for (size_t k = 0; k < count; ++k) {
      const smt::Term& inA = result.fromOlder.pairs[k].second;
      if (!inA.is_numeral() && equalA.same(inA, x.value) && equalB.same(result.fromNewer.pairs[k].second, y.value))
        return result.fromOlder.pairs[k].first;
    }
    return std::nullopt;
  }

  // Heap that a location of the newer state leads to and that goes on through the same field (a list spliced in
  // there), not what an element owns there (a block of its own, null at that field).
  bool continuesAt(const PointsTo& y) const {
    std::optional<int64_t> offset = equalB.offset(y.address, y.block);
    return offset && *offset >= 0 &&
           heapContinuesAt(mb, equalB, y.value, static_cast<uint64_t>(*offset), index.pointerBits());
  }

  // Whether one of the first `count` related values points where `p` does in one state and is null in the other (a
  // cursor that has not yet walked off the list a heap element's field starts, and one that has).
  bool cursorAt(const smt::Term& p, size_t count) const {
    for (size_t k = 0; k < count; ++k) {
      const smt::Term& inA = result.fromOlder.pairs[k].second;
      const smt::Term& inB = result.fromNewer.pairs[k].second;
      if ((equalB.null(inB) && !equalA.null(inA) && equalA.same(inA, p)) ||
          (equalA.null(inA) && !equalB.null(inB) && equalB.same(inB, p)))
        return true;
    }
    return false;
  }

  // Whether `x`, a pointer in a block that a program value holds in both states, points to a block kept in place
  // where a program value the loop moves (one of the first `moving` changed values) was in the older state: where a
  // cursor started after that block (`item = head->next; while (...) item = item->next;`). The merged state gives it
  // a value of its own, from which the blocks the cursor passed fold up to it. A block that a pointer moved from into
  // one the iteration allocated is not kept in place: it folds with the lists.
  bool cursorStartedAfter(const PointsTo& x, const std::vector<smt::Term>& changedA,
                          const std::vector<smt::Term>& changedB, size_t moving, size_t relatedValues) const {
    bool heldAlike = false;
    for (size_t k = 0; k < relatedValues && !heldAlike; ++k)
      heldAlike = z3::eq(result.fromOlder.pairs[k].second, result.fromNewer.pairs[k].second) &&
                  equalA.same(result.fromOlder.pairs[k].second, x.block);
    bool cursorLeft = false;
    for (size_t k = 0; k < moving && heldAlike && !cursorLeft; ++k)
      cursorLeft = !equalA.null(changedA[k]) && equalA.same(changedA[k], x.value) && !equalB.same(changedB[k], x.value);
    if (!cursorLeft) return false;
    std::optional<size_t> j = heapBlockAmong(ma, keptA, true, equalA, x.value);
    return j && std::none_of(movedA.begin(), movedA.end(),
                             [&](const auto& moved) { return z3::eq(moved.first, ma.blocks[*j].lo); });
  }

  void mergeLocations() {
    const size_t relatedValues = result.fromOlder.pairs.size();  // the program values and moved blocks' ends
    // The values, in each state, of the program values and the locations that the loop changed (that hold values the
    // merged state does not rename alike): a pointer equal to one of them points where a pointer the loop moves is
    // or was.
    std::vector<smt::Term> changedValuesA, changedValuesB;
    for (size_t k = 0, renamings = result.fromOlder.pairs.size(); k < renamings; ++k)
      if (!z3::eq(result.fromOlder.pairs[k].second, result.fromNewer.pairs[k].second)) {
        changedValuesA.push_back(result.fromOlder.pairs[k].second);
        changedValuesB.push_back(result.fromNewer.pairs[k].second);
      }
    const size_t programValuesChanged = changedValuesB.size();
    std::vector<PointsTo> renamedB;
    for (const PointsTo& y : mb.pointsTo) renamedB.push_back(renamed(y, toMergedB));
    std::vector<std::pair<smt::Term, smt::Term>> changedLocations;  // a changed location's older value, and its block
    for (const PointsTo& x : ma.pointsTo) {
      PointsTo rx = renamed(x, toMergedA);
      for (size_t k = 0; k < mb.pointsTo.size(); ++k) {
        const PointsTo& y = mb.pointsTo[k];
        const PointsTo& ry = renamedB[k];
        if (rx.bits != ry.bits || !z3::eq(rx.block, ry.block) || z3::eq(rx.value, ry.value) ||
            !sameOffset(x, equalA, y, equalB))
          continue;
        changedValuesA.push_back(x.value);
        changedValuesB.push_back(y.value);
        changedLocations.emplace_back(x.value, x.block);
      }
    }
    auto aliasesChanged = [](const smt::Term& p, const std::vector<smt::Term>& changed, const EqualTerms& equal) {
      return std::any_of(changed.begin(), changed.end(),
                         [&](const smt::Term& c) { return !equal.null(c) && equal.same(c, p); });
    };
    // A pointer of a heap object that another pointer of the same object moved away from in the loop, or that starts
    // a list up to where the other one was: the first element of a list whose header the loop appends through
    // (`first == last` after one append, not after two; later the part from `first` up to `last`).
    auto leftBehind = [&](const PointsTo& x) {
      if (x.bits != index.pointerBits() || equalA.null(x.value) || !inHeapBlock(ma, x)) return false;
      auto movedFrom = [&](const smt::Term& t) {
        return std::any_of(changedLocations.begin(), changedLocations.end(), [&](const auto& c) {
          return z3::eq(c.second, x.block) && !equalA.null(c.first) && equalA.same(c.first, t);
        });
      };
      if (cursorStartedAfter(x, changedValuesA, changedValuesB, programValuesChanged, relatedValues)) return true;
      return movedFrom(x.value) ||
             std::any_of(ma.lists.begin(), ma.lists.end(),
                         [&](const ListSegment& l) { return equalA.same(l.start, x.value) && movedFrom(l.end); });
    };
    // Whether the newer state's `p` is where a value the loop changed is or was, other than the location x, y itself
    // (the element a pointer that moves on to a new head left).
    auto changedElsewhere = [&](const smt::Term& p, const PointsTo& x, const PointsTo& y) {
      for (size_t k = 0; k < changedValuesB.size(); ++k) {
        if (k >= programValuesChanged && z3::eq(changedValuesA[k], x.value) && z3::eq(changedValuesB[k], y.value))
          continue;
        for (const smt::Term& changed : {changedValuesA[k], changedValuesB[k]})
          if (!equalB.null(changed) && equalB.same(changed, p)) return true;
      }
      return false;
    };
    // A location both states know holds the same value, or values that differ (a counter kept in memory): then the
    // merged state knows it holds a value of its own, related to both by the instantiations, like a program value.
    for (const PointsTo& x : ma.pointsTo) {
      PointsTo rx = renamed(x, toMergedA);
      bool blockKept = false;
      for (const MemoryBlock& b : memory->blocks) blockKept = blockKept || z3::eq(b.lo, rx.block);
      if (!blockKept) continue;
      bool inBoth = false;
      bool sameTerm = false;  // the very same value in both states, not two that the merged state renames alike
      for (size_t k = 0; k < mb.pointsTo.size(); ++k)
        if (samePointsTo(rx, renamedB[k])) {
          inBoth = true;
          sameTerm = sameTerm || z3::eq(x.value, mb.pointsTo[k].value);
          rx.mayBeOutside = rx.mayBeOutside || mb.pointsTo[k].mayBeOutside;
        }
      const bool related =
          sameTerm && x.bits == index.pointerBits() &&
          (leftBehind(x) || ((!inHeapBlock(ma, x) || cursorAt(x.value, relatedValues)) && startsChangedHeap(x.value)));
      if (inBoth && !related) {
        memory->pointsTo.push_back(rx);
        continue;
      }
      if (inBoth) {
        // Left behind by a moving pointer, or the start of heap the loop changed: a value of the merged state's own
        // that both instantiations relate to the pointer, from which the lists fold like from any related value (up
        // to the moving pointer).
        smt::Term v = executor.fresh("stored");
        result.fromOlder.pairs.emplace_back(v, x.value);
        result.fromNewer.pairs.emplace_back(v, x.value);
        facts.push_back(index.storedRangeOf(v, rx.bits, rx.view));
        terms.emplace_back(v, true);
        rx.value = v;
        memory->pointsTo.push_back(rx);
        continue;
      }
      for (size_t k = 0; k < mb.pointsTo.size(); ++k) {
        const PointsTo& y = mb.pointsTo[k];
        PointsTo ry = renamedB[k];
        if (ry.bits != rx.bits || !z3::eq(ry.block, rx.block)) continue;
        if (!z3::eq(ry.address, rx.address)) {
          // The same location reached through different pointer values (each load of a pointer is a value of its
          // own): the same offset into the same block in both states.
          int64_t offset = 0;
          if (!a.value(x.address - x.block, offset) || !a.entails(x.address - x.block == context.int_val(offset)) ||
              !b.entails(y.address - y.block == context.int_val(offset)))
            continue;
          rx.address = (rx.block + context.int_val(offset)).simplify();
        }
        rx.mayBeOutside = rx.mayBeOutside || ry.mayBeOutside;
        if (z3::eq(ry.value, rx.value) && ry.view == rx.view) {
          memory->pointsTo.push_back(rx);
          break;
        }
        // A link that points where one related value points in both states (the element behind a walking pointer,
        // `prev->next == curr`) holds that value in the merged state.
        if (std::optional<smt::Term> held = relatedValueHeld(x, y, relatedValues)) {
          rx.value = *held;
          memory->pointsTo.push_back(rx);
          break;
        }
        // A link that changed in an element where a moving pointer is or was (the next pointer of the last element,
        // null before an append and the new element after it) is no value of its own: the lists fold through it.
        // A variable on the stack or a global that holds a list's start is no element: it keeps the start.
        if (rx.bits == index.pointerBits() && inHeapBlock(ma, x) && inHeapBlock(mb, y) &&
            (aliasesChanged(x.block, changedValuesA, equalA) || aliasesChanged(y.block, changedValuesB, equalB)) &&
            (equalA.null(x.value) || aliasesChanged(x.value, changedValuesA, equalA)) &&
            (changedElsewhere(y.value, x, y) || continuesAt(y)))
          break;
        // The same bytes stored through values read differently (a parameter kept as unsigned, a signed difference)
        // are merged in the signed reading.
        if (ry.view != rx.view) rx.view = View::Signed;
        smt::Term v = executor.fresh("stored");
        result.fromOlder.pairs.emplace_back(v, index.inView(x.value, rx.bits, x.view, rx.view));
        result.fromNewer.pairs.emplace_back(v, index.inView(y.value, rx.bits, y.view, rx.view));
        facts.push_back(index.storedRangeOf(v, rx.bits, rx.view));
        terms.emplace_back(v, false);
        if (!olderIsMerged) {
          changed.emplace_back(v, x.value);
          terms.emplace_back(x.value, false);
        }
        rx.value = v;
        memory->pointsTo.push_back(rx);
        break;
      }
    }
  }

  // Whether a related value points to a heap block that both states keep in one state and to another such block in
  // the other: a cursor moving along blocks both states keep (after checks took a list's elements out one by one),
  // which no block of the merged state can hold; the part ahead of it then folds into a list from it.
  bool cursorOnKeptBlocks() const {
    for (size_t k = 0; k < result.fromOlder.pairs.size(); ++k) {
      const smt::Term& inA = result.fromOlder.pairs[k].second;
      const smt::Term& inB = result.fromNewer.pairs[k].second;
      if (z3::eq(inA, inB) || equalA.null(inA) || equalB.null(inB)) continue;
      std::optional<size_t> j = heapBlockAmong(ma, keptA, true, equalA, inA);
      std::optional<size_t> l = heapBlockAmong(mb, keptB, true, equalB, inB);
      if (j && l && keptAs[*j] != *l) return true;
    }
    return false;
  }

  void foldAndKeepLists() {
    std::vector<bool> listsA(ma.lists.size(), false), listsB(mb.lists.size(), false);
    // Only a heap block neither state keeps, or a list, can fold, or blocks that a cursor moves along.
    if (untracked(ma, keptA, listsA) || untracked(mb, keptB, listsB) || cursorOnKeptBlocks()) {
      size_t related = result.fromOlder.pairs.size();
      std::vector<bool> foldedA(ma.blocks.size(), false), foldedB(mb.blocks.size(), false);
      FoldSide sideA{ma, std::move(equalA), a, keptA, foldedA, listsA, result.fromOlder, related, entryPointers,
                     {}, {}};
      FoldSide sideB{mb, std::move(equalB), b, keptB, foldedB, listsB, result.fromNewer, related, entryPointers,
                     {}, {}};
      foldLists(sideA, sideB, executor, context, index.pointerBits(), result, *memory, terms, listCandidates);
      // A folded list of at most one element in both states (a block an element may own) stays that short while no
      // pass makes it longer, merged state or not.
      for (const ListSegment& l : memory->lists)
        if (a.entails(result.fromOlder.apply(l.length) <= 1) && b.entails(result.fromNewer.apply(l.length) <= 1))
          candidates.push_back(l.length <= 1);
      recordListLengthsAtEntry();
      // A kept block that a list took in either state is no block of the merged state: the list has it, with what
      // it held, and in a state whose lists did not take it, it is heap the merged state no longer describes.
      for (size_t j = 0; j < ma.blocks.size(); ++j) {
        if (!keptA[j] || (!foldedA[j] && !foldedB[keptAs[j]])) continue;
        smt::Term lo = renamed(ma.blocks[j], toMergedA).lo;
        std::erase_if(memory->blocks, [&](const MemoryBlock& b) { return z3::eq(b.lo, lo); });
        std::erase_if(memory->pointsTo, [&](const PointsTo& p) { return z3::eq(p.block, lo); });
        keptA[j] = keptB[keptAs[j]] = false;
      }
      for (size_t j = 0; j < ma.blocks.size(); ++j) keptA[j] = keptA[j] || foldedA[j];
      for (size_t k = 0; k < mb.blocks.size(); ++k) keptB[k] = keptB[k] || foldedB[k];
    }
    toMergedA = toMerged(result.fromOlder, movedA);
    toMergedB = toMerged(result.fromNewer, movedB);
    // A list neither state changed stays.
    for (size_t j = 0; j < ma.lists.size(); ++j)
      for (size_t k = 0; k < mb.lists.size() && !listsA[j]; ++k) {
        ListSegment x = renamed(ma.lists[j], toMergedA);
        if (!listsB[k] && sameList(x, renamed(mb.lists[k], toMergedB))) {
          listsA[j] = listsB[k] = true;
          memory->lists.push_back(x);
        }
      }
    keepListsEmptyInOther(listsA, listsB);
    c.heapForgotten = older.heapForgotten || newer.heapForgotten || untracked(ma, keptA, listsA) ||
                      untracked(mb, keptB, listsB);
    c.memory = memory;
    for (const MemoryBlock& b : memory->blocks) {
      terms.emplace_back(b.lo, true);
      terms.emplace_back(b.hi, true);
    }
    for (const PointsTo& p : memory->pointsTo) {
      // The variables the memory holds (a numeral is a constant bound's, a string's byte no term of its own).
      if (smt::isSymbol(p.address)) terms.emplace_back(p.address, true);
      if (smt::isSymbol(p.value)) terms.emplace_back(p.value, false);
    }
  }

  // A list that only one state has stays where it starts at its end in the other state, which then dropped it as
  // empty (the list a null pointer field of a kept block starts): the merged list's length is 0 there. Only lists
  // without values that progress or links back, whose terms would name nothing in the other state.
  void keepListsEmptyInOther(std::vector<bool>& listsA, std::vector<bool>& listsB) {
    auto keep = [&](const Memory& m, std::vector<bool>& listed, Instantiation& toMerged, Instantiation& here,
                    Instantiation& there, FormulaSolver& other) {
      for (size_t j = 0; j < m.lists.size(); ++j) {
        if (listed[j] || !m.lists[j].fields.empty() || m.lists[j].back) continue;
        ListSegment x = renamed(m.lists[j], toMerged);
        if (!other.entails(there.apply(x.start) == there.apply(x.end))) continue;
        const smt::Term length = executor.fresh("length");
        here.pairs.emplace_back(length, m.lists[j].length);
        there.pairs.emplace_back(length, context.int_val(0));
        toMerged.pairs.emplace_back(m.lists[j].length, length);
        terms.emplace_back(length, false);
        x.length = length;
        listed[j] = true;
        memory->lists.push_back(std::move(x));
      }
    };
    keep(ma, listsA, toMergedA, result.fromOlder, result.fromNewer, b);
    keep(mb, listsB, toMergedB, result.fromNewer, result.fromOlder, a);
  }

  // A folded list whose length the loop changed is a value the loop moves like a program value: its older length
  // stays as a loop-entry value, so that the length can be related to a counter (length(head) + len == n, for a
  // list built while len counts down).
  void recordListLengthsAtEntry() {
    if (olderIsMerged) return;
    for (const ListSegment& list : memory->lists) {
      smt::Term before = result.fromOlder.apply(list.length);
      if (z3::eq(before, result.fromNewer.apply(list.length))) continue;
      changed.emplace_back(list.length, before);
      if (!before.is_numeral()) terms.emplace_back(before, false);
    }
  }

  // Candidate facts of the merged state: the older state's facts in its terms.
  void olderFactCandidates() {
    std::vector<smt::Term> olderFacts = olderIsMerged ? older.allFacts() : executor.formula(older);
    for (const smt::Term& f : olderFacts) atomsOf(toMergedA.apply(f).simplify(), candidates);
  }

  // Where the older state is no merged one: relations of the values the loop changed. Returns the remainders of
  // their strides, which join the candidates only after the numerals are collected.
  std::vector<smt::Term> loopCandidates() {
    // Where the newer state's knowledge extends the older one's, the older state's own facts hold in both as they
    // are; otherwise (a merged state lies between them) they are candidates like any other.
    bool extends = false;
    for (const Knowledge* k = newer.knowledge.get(); k && !extends; k = k->parent.get())
      extends = k == older.knowledge.get();
    for (const smt::Term& f : older.allFacts()) atomsOf(f, extends ? entryFacts : candidates);
    // v1 - v2 == k * (v3 - v4) (Def. 7) for values that moved in step: k is read off a model of the newer state.
    for (size_t x = 0; x < changed.size(); ++x)
      for (size_t z = 0; z < changed.size(); ++z) {
        if (x == z) continue;
        const auto& [vx, gx] = changed[x];
        const auto& [vz, gz] = changed[z];
        int64_t dx, dz;
        if (!b.value(result.fromNewer.apply(vx - gx), dx) || !b.value(result.fromNewer.apply(vz - gz), dz)) continue;
        if (dz == 0 || dx % dz != 0) continue;
        candidates.push_back(vx - gx == context.int_val(dx / dz) * (vz - gz));
      }
    // A value that moves by a fixed stride keeps its remainder: a pointer walking an int array stays aligned to the
    // array's start, so that it cannot reach the last bytes without reaching the last element. The stride is read
    // off a model of the newer state. These candidates join the others only after their numerals are collected: a
    // stride is no bound.
    constexpr int64_t kMaxStride = 64;
    std::vector<smt::Term> remainders;
    for (const auto& [v, before] : changed) {
      int64_t stride = 0;
      if (!b.value(result.fromNewer.apply(v - before), stride) || stride < -kMaxStride || stride > kMaxStride)
        continue;
      if (stride < 0) stride = -stride;
      if (stride >= 2) remainders.push_back(z3::mod(v - before, context.int_val(stride)) == 0);
    }
    addQuadraticCandidates(changedIntegers, result.fromNewer, b, context, candidates);
    candidates.insert(candidates.end(), listCandidates.begin(), listCandidates.end());
    // Values that moved against or with each other by at least as much (a counter and what bounds the loop:
    // c - c0 <= x0 - x while x falls by y >= 1 per step), which bound a counter by the loop's progress.
    constexpr size_t kMaxMovedTogether = 12;
    if (changed.size() <= kMaxMovedTogether)
      for (size_t x = 0; x < changed.size(); ++x)
        for (size_t z = x + 1; z < changed.size(); ++z) {
          smt::Term dx = changed[x].first - changed[x].second;
          smt::Term dz = changed[z].first - changed[z].second;
          candidates.push_back(dx + dz <= 0);
          candidates.push_back(dx + dz >= 0);
          candidates.push_back(dx <= dz);
          candidates.push_back(dx >= dz);
        }
    for (const smt::Term& f : executor.formula(newer)) atomsOf(toMergedB.apply(f).simplify(), candidates);
    return remainders;
  }

  // Bounds of the terms by the numerals of the candidates so far and the constants the loop tests.
  void boundCandidates(const std::vector<smt::Term>& remainders) {
    // The addresses of globals and functions are fixed for the run and the initial state's facts relate them, which
    // every state keeps: a bound on one of them, or a relation of two, says nothing new, and the numerals of facts
    // about them are offsets and sizes (a string's bytes, its length), no bounds a loop needs. Left in, they crowded
    // out the numerals of the program's values (only the smallest 24 are tried) and made tens of thousands of
    // candidates per merge.
    std::set<unsigned> runConstants;
    for (const smt::Term& constant : executor.runConstants()) runConstants.insert(constant.id());
    auto isRunConstant = [&](const smt::Term& t) { return runConstants.count(t.id()) != 0; };
    auto mentionsRunConstant = [&](const smt::Term& t) {
      std::set<unsigned> seen;
      std::vector<smt::Term> symbols;
      smt::collectSymbols(t, seen, symbols);
      return std::any_of(symbols.begin(), symbols.end(), isRunConstant);
    };
    std::set<int64_t> numerals{0, 1};
    for (const smt::Term& f : candidates)
      if (!mentionsRunConstant(f)) collectNumerals(f, numerals);
    while (numerals.size() > 24) numerals.erase(std::prev(numerals.end()));
    candidates.insert(candidates.end(), remainders.begin(), remainders.end());
    // The constants the loop's conditions test are the bounds an invariant most often needs (x != -1 stops
    // x -= 2 at -1), whether or not the states seen so far mention them. Only for the values the loop changes: the
    // others keep the bounds they had, and trying thresholds on them made every merge slower.
    std::set<int64_t> thresholds;
    for (const Frame& frame : c.frames)
      for (int64_t n : index.comparedConstants(frame.function))
        if (smallNumeral(n) && !numerals.count(n)) thresholds.insert(n);
    while (thresholds.size() > 16) thresholds.erase(std::prev(thresholds.end()));
    for (size_t x = 0; x < terms.size(); ++x) {
      const smt::Term& s = terms[x].first;
      if (!isRunConstant(s))
        for (int64_t n : numerals) {
          candidates.push_back(s >= context.int_val(n));
          candidates.push_back(s <= context.int_val(n));
        }
      bool isChanged =
          std::any_of(changed.begin(), changed.end(), [&](const auto& entry) { return z3::eq(entry.first, s); });
      if (!terms[x].second && isChanged)
        for (int64_t n : thresholds) {
          candidates.push_back(s >= context.int_val(n));
          candidates.push_back(s <= context.int_val(n));
        }
      for (size_t y = 0; y < terms.size(); ++y) {
        if (x == y || terms[x].second != terms[y].second || (isRunConstant(s) && isRunConstant(terms[y].first)))
          continue;
        const smt::Term& t = terms[y].first;
        candidates.push_back(s <= t);
        candidates.push_back(s < t);
        if (!terms[x].second && x < y) candidates.push_back(s + t >= 0);
      }
    }
  }

  void pointerCandidates() {
    // Relations between differences (Def. 7): dst - s1 = src - s2 for the two cursors of a strcpy-like loop.
    std::vector<smt::Term> cursors, addresses;
    for (size_t f = 0; f < c.frames.size(); ++f)
      for (const Local& l : c.frames[f].locals)
        if (index.valueById(c.frames[f].function, l.id)->getType()->isPointerTy()) cursors.push_back(l.value);
    for (const auto& [t, isAddress] : terms)
      if (isAddress) addresses.push_back(t);
    // An index that walks a string through a fixed pointer (for (i = 0; s[i]; i++)) stays below a known address:
    // p + i <= t. Only bytes: with scaled indices (p + 4*i) the merges of array loops keep facts that change at
    // every iteration, and the graphs of sorting loops grew by a quarter.
    std::vector<smt::Term> indices;
    for (const auto& entry : changed) {
      const smt::Term& v = entry.first;
      if (std::none_of(cursors.begin(), cursors.end(), [&](const smt::Term& p) { return z3::eq(p, v); }))
        indices.push_back(v);
    }
    if (cursors.size() * indices.size() <= 12 && addresses.size() <= 16)
      for (const smt::Term& p : cursors)
        for (const smt::Term& i : indices)
          for (const smt::Term& t : addresses) {
            if (z3::eq(p, t)) continue;
            candidates.push_back(p + i <= t);
            candidates.push_back(p + i < t);
          }
    // A cursor that the loop moves from another pointer's block to null (a walk's step off the only element) is
    // either: no convex fact says so.
    for (const auto& change : changed) {
      const smt::Term& moved = change.first;
      if (std::any_of(cursors.begin(), cursors.end(), [&](const smt::Term& p) { return z3::eq(p, moved); }))
        for (const smt::Term& other : cursors)
          if (!z3::eq(other, moved)) candidates.push_back(moved == 0 || moved == other);
    }
    if (cursors.size() <= 6 && addresses.size() <= 16)
      for (size_t p = 0; p < cursors.size(); ++p)
        for (size_t r = p + 1; r < cursors.size(); ++r)
          for (const smt::Term& q : addresses)
            for (const smt::Term& s : addresses) {
              if (z3::eq(q, s) || z3::eq(q, cursors[p]) || z3::eq(s, cursors[r])) continue;
              candidates.push_back(cursors[p] - q == cursors[r] - s);
            }
  }

  void anchorCandidates() {
    // A program value against the anchors of its kind: bounds and equality (a return value and a parameter).
    if (!olderIsMerged) {
      for (const Frame& frame : c.frames)
        for (const Local& l : frame.locals)
          for (const auto& [anchor, isAddress] : anchors)
            if (index.valueById(frame.function, l.id)->getType()->isPointerTy() == isAddress) {
              candidates.push_back(l.value <= anchor);
              candidates.push_back(l.value >= anchor);
            } else if (isAddress) {
              // A count of what lies beyond a pointer parameter stays within its block: n + p <= end (the length
              // a recursive strlen returns), which keeps 1 + n from overflowing in the caller.
              for (const auto& [t, tIsAddress] : terms)
                if (tIsAddress && !z3::eq(t, anchor)) candidates.push_back(l.value + anchor <= t);
            }
    }
  }

  void keepImpliedCandidates() {
    // Keep the candidates both states imply: first a model of each filters, then the solver confirms.
    std::vector<smt::Term> kept, failed;
    std::set<unsigned> seen;
    std::vector<smt::Term> examined;  // keeps the terms alive: Z3 reuses the ids of deleted terms
    for (const smt::Term& candidate : candidates) {
      smt::Term simple = candidate.simplify();
      if (simple.is_true() || simple.is_false()) continue;
      examined.push_back(simple);
      if (!seen.insert(simple.id()).second) continue;
      smt::Term inA = result.fromOlder.apply(simple);
      smt::Term inB = result.fromNewer.apply(simple);
      if (a.mayHold(inA) && b.mayHold(inB) && a.entails(inA) && b.entails(inB))
        kept.push_back(simple);
      else if (widen)
        failed.push_back(simple);
    }
    std::set<int64_t> thresholds{0, 1};
    for (const Frame& frame : c.frames)
      for (int64_t n : index.comparedConstants(frame.function)) thresholds.insert(n);
    if (widen) dropClimbingBounds(kept, failed, thresholds);
    facts.insert(facts.end(), kept.begin(), kept.end());
    facts.insert(facts.end(), entryFacts.begin(), entryFacts.end());
    dropImpliedBounds(facts, thresholds);
    c.addFacts(std::move(facts));
  }

  const State& older;
  const State& newer;
  const bool olderIsMerged;
  const bool widen;  // drop climbing constant bounds (the older state is a merged one)
  Executor& executor;
  const ProgramIndex& index;
  z3::context& context;
  const smt::Limits& limits;
  const std::vector<std::pair<smt::Term, bool>>& anchors;
  MergeResult result;
  State& c = result.merged;
  std::vector<smt::Term> facts;
  std::vector<std::pair<smt::Term, bool>> terms;  // candidate terms, and whether they are addresses
  std::vector<std::pair<smt::Term, smt::Term>> changed;  // (merged variable, value at the older state)
  std::vector<std::pair<smt::Term, smt::Term>> changedIntegers;  // the program values among them that are no pointers
  std::vector<smt::Term> entryPointers;  // the older state's values of the pointers among them
  // The program values are renamed before the states' formulas are taken, in the order the merged state's terms
  // have always been made (their numbering orders the facts Z3 prints).
  const bool valuesRenamed = renameValues();
  std::vector<smt::Term> olderFormula = executor.formula(older);
  std::vector<smt::Term> newerFormula = executor.formula(newer);
  FormulaSolver a{context, limits, olderFormula};
  FormulaSolver b{context, limits, newerFormula};
  std::shared_ptr<Memory> memory = std::make_shared<Memory>();
  const Memory& ma = *older.memory;
  const Memory& mb = *newer.memory;
  std::vector<bool> keptA = std::vector<bool>(ma.blocks.size(), false);
  std::vector<bool> keptB = std::vector<bool>(mb.blocks.size(), false);
  // The newer state's block that a kept one of the older state is.
  std::vector<size_t> keptAs = std::vector<size_t>(ma.blocks.size());
  EqualTerms equalA{olderFormula}, equalB{newerFormula};
  std::vector<std::pair<smt::Term, smt::Term>> movedA, movedB;  // each state's terms of the moved blocks' bounds
  Instantiation toMergedA, toMergedB;
  std::vector<smt::Term> listCandidates;  // the folds' facts to try
  std::vector<smt::Term> candidates;
  std::vector<smt::Term> entryFacts;  // the older state's facts, where they hold in both as they are

 private:
  bool renameValues() {
    c.frames = older.frames;
    renameProgramValues();
    recordLoopEntryValues();
    return true;
  }
};

}  // namespace

MergeResult merge(const State& older, const State& newer, bool olderIsMerged, Executor& executor,
                  const ProgramIndex& index, z3::context& context, const smt::Limits& limits,
                  const std::vector<std::pair<smt::Term, bool>>& anchors, bool widen) {
  Merger merger(older, newer, olderIsMerged, olderIsMerged && widen, executor, index, context, limits, anchors);
  merger.keepMovedBlocks();
  merger.keepSameBlocks();
  merger.mergeLocations();
  merger.foldAndKeepLists();
  merger.olderFactCandidates();
  if (!olderIsMerged) {
    const std::vector<smt::Term> remainders = merger.loopCandidates();
    merger.boundCandidates(remainders);
    merger.pointerCandidates();
  }
  merger.anchorCandidates();
  merger.keepImpliedCandidates();
  return std::move(merger.result);
}

}  // namespace atropos::symex
