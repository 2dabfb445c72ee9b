#include "merge.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/Instruction.h>

#include <algorithm>
#include <cassert>
#include <cstdlib>
#include <functional>
#include <set>

#include "smt/integers.h"
#include "smt/term.h"
#include "lists.h"

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

namespace {

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
         sameBack(x.back, y.back) && x.ranges == y.ranges;
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

// Numerals of this size or more are rarely the bound an invariant needs, and each one costs two candidates per term.
bool smallNumeral(int64_t v) { return v > -1000000 && v < 1000000; }

void collectNumerals(const smt::Term& e, std::set<int64_t>& out) {
  if (e.is_numeral()) {
    int64_t v;
    if (e.is_numeral_i64(v) && smallNumeral(v)) out.insert(v);
    return;
  }
  if (e.is_app())
    for (unsigned k = 0; k < e.num_args(); ++k) collectNumerals(e.arg(k), out);
}

class FormulaSolver {
 public:
  FormulaSolver(z3::context& context, const smt::Limits& limits, const std::vector<smt::Term>& facts)
      : solver_(context, limits) {
    for (const smt::Term& f : facts) solver_.add(f);
    model_ = solver_.model(context.bool_val(true));
  }
  bool entails(const smt::Term& goal) { return solver_.entails(goal) == smt::Answer::Yes; }
  // False when the model of the formula already refutes the goal (cheap), true when it cannot tell.
  bool mayHold(const smt::Term& goal) {
    if (!model_) return true;
    smt::Term value = model_->eval(goal, true);
    return !value.is_false();
  }
  bool satisfiable() const { return model_.has_value(); }
  // The value of a term in the model, when it has one that fits.
  bool value(const smt::Term& term, int64_t& out) { return model_ && valueIn(*model_, term, out); }
  // A second model, in which `term` differs from its value in the first.
  std::optional<z3::model> otherModel(const smt::Term& term) {
    int64_t first;
    if (!value(term, first)) return std::nullopt;
    return solver_.model(term != term.ctx().int_val(first));
  }
  static bool valueIn(z3::model& model, const smt::Term& term, int64_t& out) {
    smt::Term v = model.eval(term, true);
    return v.is_numeral() && v.is_numeral_i64(out);
  }

 private:
  smt::Solver solver_;
  std::optional<z3::model> model_;
};

// One state's side of a merge's list folding: what it has, what is taken, and the values the merge relates (the
// first `roots` pairs of its instantiation). A chain may pass the blocks both states keep (a list's first element
// that the loop has not moved from), but not consist of them alone, except where they are the part of a list that a
// moving pointer has passed (`s = x; while (x->next) x = x->next;`: none at the entry, s's element after a pass).
struct FoldSide {
  const Memory& memory;
  EqualTerms equal;
  FormulaSolver& solver;
  const std::vector<bool>& kept;
  std::vector<bool>& blocks;  // taken by a fold
  std::vector<bool>& lists;
  const Instantiation& mu;
  size_t roots;
  // Where the pointers the loop moves were at the loop's entry.
  const std::vector<smt::Term>& entries;

  // The related values whose value in this state `t` is.
  std::vector<size_t> rootsAt(const smt::Term& t) const {
    std::vector<size_t> found;
    for (size_t k = 0; k < roots; ++k)
      if (!mu.pairs[k].second.is_numeral() && equal.same(mu.pairs[k].second, t)) found.push_back(k);
    return found;
  }
  std::vector<ListShape> shapes(const smt::Term& start, unsigned pointerBits) const {
    return shapesFrom(memory, start, equal, blocks, lists, pointerBits);
  }
  // Whether `piece` and the other side's `other` are one heap block that both states keep.
  bool keptAlike(const ChainPiece& piece, const FoldSide& side, const ChainPiece& other) const {
    return !piece.isList && !other.isList && kept[piece.index] && side.kept[other.index] &&
           z3::eq(memory.blocks[piece.index].lo, side.memory.blocks[other.index].lo);
  }
  // The chain without its last piece, a heap block: it ends where that block starts.
  Chain withoutLast(const Chain& chain) const {
    Chain shorter = chain;
    const ChainPiece last = shorter.pieces.back();
    assert(!last.isList && "only a heap block is dropped from the end of a chain");
    shorter.pieces.pop_back();
    shorter.end = memory.blocks[last.index].lo;
    shorter.length = (chain.length - 1).simplify();
    return shorter;
  }
  // Makes `chain`, this side's last walk shortened by withoutLast, the walk's: what it left out is not taken.
  void shortenWalkTo(Chain& walked, Chain shorter) {
    for (size_t k = shorter.pieces.size(); k < walked.pieces.size(); ++k) takenBlocks[walked.pieces[k].index] = false;
    walked = std::move(shorter);
  }
  // The chain from `start` up to `target`, or without one up to another related value; it takes from copies of
  // what is taken (takenBlocks, takenLists), which the fold chosen makes this side's.
  Chain walk(const smt::Term& start, const ListShape& shape, const std::optional<smt::Term>& target,
             unsigned pointerBits) {
    takenBlocks = blocks;
    takenLists = lists;
    auto stop = [&](const smt::Term& at, size_t steps) {
      if (target) return equal.same(at, *target);
      return steps > 0 && !rootsAt(at).empty();
    };
    return walkChain(memory, start, shape, equal, takenBlocks, takenLists, pointerBits, stop);
  }
  // The last walk took a block neither state keeps, or a list.
  bool tookUntracked() const {
    for (size_t k = 0; k < takenBlocks.size(); ++k)
      if (takenBlocks[k] && !blocks[k] && !kept[k]) return true;
    return takenLists != lists;
  }
  std::vector<bool> takenBlocks, takenLists;
};

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
                       BackLink{ahead.back->offset, executor.fresh("before"), ahead.back->before}, {}};
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
                     BackLink{shape.backOffset, executor.fresh("before"), variable}, {}};
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
  auto meetingAt = [](const std::vector<size_t>& x, const std::vector<size_t>& y) -> std::optional<size_t> {
    for (size_t r : x)
      if (std::find(y.begin(), y.end(), r) != y.end()) return r;
    return std::nullopt;
  };
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
    auto attempt = [&](const ListShape& shape) -> std::optional<Fold> {
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
      if (!nullTerminated && !meeting && !entryEnd) {
        x = a.walk(inA, shape, std::nullopt, pointerBits);
        y = b.walk(inB, shape, std::nullopt, pointerBits);
      }
      // A block both states keep that ends both chains stays a block of its own, where the list ends, when a field
      // that it or the chains' first piece knows does not progress along them (a token or a sentinel after the
      // elements).
      while (!x.empty() && !y.empty() && a.keptAlike(x.pieces.back(), b, y.pieces.back()) &&
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
      if (!passed && !a.tookUntracked() && !b.tookUntracked()) return std::nullopt;
      std::optional<smt::Term> keptEnd = entryEnd;
      if (z3::eq(x.end, y.end) && kept(x.end, result.fromOlder) && kept(y.end, result.fromNewer)) keptEnd = x.end;
      return Fold{shape, x, y, meeting, nullTerminated, keptEnd, a.takenBlocks, a.takenLists, b.takenBlocks,
                  b.takenLists};
    };
    // Of the pointer fields, the one whose chains end alike in both states (at NULL, at a related value, at a
    // value kept from before) is the link; an integer field of pointer width is not.
    std::vector<ListShape> shapes = a.shapes(inA, pointerBits);
    for (const ListShape& s : b.shapes(inB, pointerBits))
      if (std::find(shapes.begin(), shapes.end(), s) == shapes.end()) shapes.push_back(s);
    std::optional<Fold> chosen;
    bool linked = false;
    for (const ListShape& shape : shapes) {
      std::optional<Fold> fold = attempt(shape);
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
                     f.x.origin ? f.x.origin : f.y.origin, {}, std::nullopt, {}};
    list.back = foldBack(a, b, f.x, f.y, f.shape, end, executor, pointerBits, result, merged, terms, candidates);
    foldFields(a, b, f.x, f.y, f.shape, executor, result, merged, list, terms, candidates);
    merged.lists.push_back(std::move(list));
  }
  foldPassed(a, b, firstNew, executor, pointerBits, result, merged, terms);
}

// A value u that moves by c*w + e while w moves by a constant d keeps u - f(w) for the quadratic f with
// f(w + d) - f(w) = c*w + e: 2d(u - u0) == c(w^2 - w0^2) + (2e - cd)(w - w0). It bounds an accumulator by its
// step's counter (x += y; y--), which no linear fact does. c and e are read off two models of the newer state that
// differ in w's value before the step, then confirmed for every model; the candidate itself is checked like any
// other.
void addQuadraticCandidates(const std::vector<std::pair<smt::Term, smt::Term>>& changed, const Instantiation& toNewer,
                            FormulaSolver& newer, z3::context& context, std::vector<smt::Term>& candidates) {
  constexpr int64_t kMaxCoefficient = 64;
  constexpr int64_t kMaxOffset = int64_t{1} << 32;
  constexpr size_t kMaxChanged = 6;
  if (changed.size() > kMaxChanged) return;
  for (const auto& [w, w0] : changed) {
    smt::Term stepOfW = toNewer.apply(w) - w0;
    int64_t d;
    if (!newer.value(stepOfW, d) || d == 0 || d < -kMaxCoefficient || d > kMaxCoefficient) continue;
    if (!newer.entails(stepOfW == context.int_val(d))) continue;
    std::optional<z3::model> second = newer.otherModel(w0);
    int64_t w01, w02;
    if (!second || !newer.value(w0, w01) || !FormulaSolver::valueIn(*second, w0, w02) || w01 == w02) continue;
    __int128 run = static_cast<__int128>(w02) - w01;
    for (const auto& [u, u0] : changed) {
      if (z3::eq(u, w)) continue;
      smt::Term stepOfU = toNewer.apply(u) - u0;
      int64_t du1, du2;
      if (!newer.value(stepOfU, du1) || !FormulaSolver::valueIn(*second, stepOfU, du2)) continue;
      __int128 rise = static_cast<__int128>(du2) - du1;
      if (rise % run != 0) continue;
      __int128 c = rise / run;
      if (c == 0 || c < -kMaxCoefficient || c > kMaxCoefficient) continue;
      __int128 e = du1 - c * w01;
      if (e < -kMaxOffset || e > kMaxOffset) continue;
      smt::Term cTerm = context.int_val(static_cast<int64_t>(c));
      smt::Term eTerm = context.int_val(static_cast<int64_t>(e));
      if (!newer.entails(stepOfU == cTerm * w0 + eTerm)) continue;
      smt::Term linear = context.int_val(static_cast<int64_t>(2 * e - c * d));
      candidates.push_back(context.int_val(2 * d) * (u - u0) == cTerm * (w * w - w0 * w0) + linear * (w - w0));
    }
  }
}

// The link back of a general list `l` in the chain of the instance that matches it: a non-empty chain's elements each
// hold the address of the one before them, and its first element and last address are what μ makes of `before` and
// `last`; an empty chain's `before` and `last` are one address (the one the element after it holds there, as merges
// choose it, where μ does not give it). Binds what μ does not yet bind.
bool matchBack(const State& instance, const EqualTerms& equal, const ListSegment& l, const Chain& chain,
               Instantiation& mu, const std::function<bool(const smt::Term&)>& bound,
               const std::function<bool(const smt::Term&, const smt::Term&)>& proven,
               const std::function<bool(const smt::Term&)>& entails, Executor& executor, unsigned pointerBits) {
  const BackLink& back = *l.back;
  std::optional<ChainBack> link;
  if (!chain.empty()) {
    auto same = [&](const smt::Term& p, const smt::Term& q) { return equal.same(p, q) || entails(p == q); };
    link = backLinkOf(*instance.memory, chain, back.offset, equal, pointerBits, same);
    if (!link) return false;
  } else {
    std::optional<smt::Term> address;
    if (bound(back.before))
      address = mu.apply(back.before);
    else if (bound(back.last))
      address = mu.apply(back.last);
    else
      address = valueAfter(*instance.memory, chain, l.elementBytes, {back.offset, pointerBits, View::Unsigned}, equal);
    if (!address) address = executor.fresh("before");
    link = ChainBack{*address, *address};
  }
  for (const auto& [general, value] : {std::pair{back.before, link->before}, std::pair{back.last, link->last}}) {
    if (!bound(general))
      mu.pairs.emplace_back(general, value);
    else if (!proven(mu.apply(general), value))
      return false;
  }
  return true;
}

// Each list of the general state is a chain of the instance's other heap blocks and lists (marked in `matched`
// and `listed`), from where μ puts its start to where μ puts its end, whose values progress in each of the list's
// fields by its step. A length, an end or a first value that nothing else names is bound like a free stored value
// (an empty chain's first value to the element's after it, as merges choose it). False when some list is no such
// chain.
bool matchLists(const State& instance, const EqualTerms& equal, const Memory& g, Instantiation& mu,
                std::vector<bool>& matched, std::vector<bool>& listed,
                const std::function<bool(const smt::Term&)>& entails, Executor& executor, unsigned pointerBits) {
  auto proven = [&](const smt::Term& a, const smt::Term& b) { return z3::eq(a, b) || entails(a == b); };
  // Symbols the blocks and lists' starts already use as themselves.
  std::set<unsigned> used;
  std::vector<smt::Term> usedSymbols;
  for (const MemoryBlock& b : g.blocks)
    for (const smt::Term* t : {&b.lo, &b.hi}) smt::collectSymbols(*t, used, usedSymbols);
  for (const ListSegment& l : g.lists) smt::collectSymbols(l.start, used, usedSymbols);
  auto bound = [&](const smt::Term& t) {
    return !smt::isSymbol(t) || used.count(t.id()) ||
           std::any_of(mu.pairs.begin(), mu.pairs.end(), [&](const auto& m) { return z3::eq(m.first, t); });
  };
  for (const ListSegment& l : g.lists) {
    std::optional<smt::Term> end;
    if (bound(l.end)) end = mu.apply(l.end);
    // A cycle (a list that ends where it starts) is walked around, not matched by the empty chain.
    bool cycle = z3::eq(l.start, l.end);
    auto atEnd = [&](const smt::Term& at, size_t steps) {
      return end && (steps > 0 || !cycle) && equal.same(at, *end);
    };
    const ListShape shape{l.elementBytes, l.nextOffset};
    std::optional<Chain> passed;
    // A list that only its links back reach (the part a forward walk passed) is walked back from its last element.
    if (!bound(l.start) && l.back && bound(l.back->last)) {
      auto atNull = [&](const smt::Term& at) { return equal.null(at); };
      BackChain back = walkBack(*instance.memory, mu.apply(l.back->last), end, shape, l.back->offset, equal, matched,
                                listed, pointerBits, atNull);
      mu.pairs.emplace_back(l.start, back.start);
      passed = std::move(back.chain);
    }
    Chain chain = passed ? *passed
                         : walkChain(*instance.memory, mu.apply(l.start), shape, equal, matched, listed, pointerBits, atEnd);
    if (!end)
      mu.pairs.emplace_back(l.end, chain.end);
    else if (!proven(chain.end, *end))
      return false;
    if (!bound(l.length))
      mu.pairs.emplace_back(l.length, chain.length);
    else if (!proven(mu.apply(l.length), chain.length))
      return false;
    if (l.back && !matchBack(instance, equal, l, chain, mu, bound, proven, entails, executor, pointerBits))
      return false;
    for (const FieldValues& field : l.fields) {
      FieldKey key{field.offset, field.bits, field.view};
      std::optional<smt::Term> first;
      if (!chain.empty()) {
        auto noModel = [](const smt::Term&) -> std::optional<int64_t> { return std::nullopt; };
        std::optional<Progression> p =
            progressionOf(*instance.memory, chain, key, field.step, equal, entails, noModel);
        if (!p) return false;
        first = p->first;
      } else if (bound(field.first)) {
        continue;  // an empty list holds no values
      } else {
        first = valueAfter(*instance.memory, chain, l.elementBytes, key, equal);
        if (!first) first = executor.fresh("first");
      }
      if (!bound(field.first))
        mu.pairs.emplace_back(field.first, *first);
      else if (!proven(mu.apply(field.first), *first))
        return false;
    }
  }
  return true;
}

}  // namespace

std::optional<Instantiation> instanceOf(const State& instance, const State& general, smt::Solver& solver,
                                        Executor& executor, unsigned pointerBits) {
  if (!sameShape(instance, general)) return std::nullopt;
  if (instance.heapForgotten && !general.heapForgotten) return std::nullopt;
  if (instance.heapHidden && !general.heapHidden) return std::nullopt;
  Instantiation mu;
  for (size_t f = 0; f < general.frames.size(); ++f)
    for (size_t k = 0; k < general.frames[f].locals.size(); ++k)
      mu.pairs.emplace_back(general.frames[f].locals[k].value, instance.frames[f].locals[k].value);

  const Memory& g = *general.memory;
  const Memory& i = *instance.memory;
  std::vector<bool> matched(i.blocks.size(), false);
  EqualTerms equal(instance.allFacts());
  for (const MemoryBlock& b : g.blocks) {
    MemoryBlock r = renamed(b, mu);
    bool found = false;
    for (size_t k = 0; k < i.blocks.size() && !found; ++k)
      if (sameBlock(r, i.blocks[k])) found = matched[k] = true;
    // A block whose end is a variable of its own (a merge's moved block) ends where the instance's block does; the
    // general state's facts about that end are checked below like all others.
    bool freeEnd = smt::isSymbol(b.hi) &&
                   std::none_of(mu.pairs.begin(), mu.pairs.end(), [&](const auto& m) { return z3::eq(m.first, b.hi); });
    for (size_t k = 0; k < i.blocks.size() && !found && freeEnd; ++k) {
      const MemoryBlock& x = i.blocks[k];
      bool sameOwner = r.kind != BlockKind::Stack || r.frame == x.frame;  // a heap block's frame is where it was made
      if (matched[k] || !equal.same(r.lo, x.lo) || r.kind != x.kind || !sameOwner || r.bytes != x.bytes) continue;
      mu.pairs.emplace_back(b.hi, x.hi);
      found = matched[k] = true;
    }
    if (!found) return std::nullopt;
  }
  auto entails = [&](const smt::Term& goal) { return solver.entails(goal) == smt::Answer::Yes; };
  auto proven = [&](const smt::Term& a, const smt::Term& b) { return z3::eq(a, b) || entails(a == b); };
  for (const PointsTo& p : g.pointsTo) {
    PointsTo r = renamed(p, mu);
    bool found = false;
    for (const PointsTo& q : i.pointsTo) found = found || samePointsTo(r, q);
    // A stored value that only the memory names (no program value holds it) stands for whatever the instance
    // stores at that location. The location may be reached through another pointer value of the same address.
    bool free = smt::isSymbol(p.value) &&
                std::none_of(mu.pairs.begin(), mu.pairs.end(), [&](const auto& m) { return z3::eq(m.first, p.value); });
    for (size_t k = 0; k < i.pointsTo.size() && !found; ++k) {
      const PointsTo& q = i.pointsTo[k];
      if (q.bits != r.bits || !equal.same(q.block, r.block) || !proven(q.address, r.address)) continue;
      if (free) {
        mu.pairs.emplace_back(p.value, executor.index().inView(q.value, q.bits, q.view, r.view));
        found = true;
      } else {
        found = q.view == r.view && proven(q.value, r.value);
      }
    }
    // A free value at a location that may lie outside its block stands for whatever is there, known or not.
    if (!found && free && p.mayBeOutside) {
      mu.pairs.emplace_back(p.value, executor.fresh("stored"));
      found = true;
    }
    if (!found) return std::nullopt;
  }
  std::vector<bool> listed(i.lists.size(), false);
  if (!g.lists.empty() && !matchLists(instance, equal, g, mu, matched, listed, entails, executor, pointerBits))
    return std::nullopt;
  if (!general.heapForgotten) {
    for (size_t k = 0; k < i.blocks.size(); ++k)
      if (!matched[k] && i.blocks[k].kind == BlockKind::Heap) return std::nullopt;
    if (std::find(listed.begin(), listed.end(), false) != listed.end()) return std::nullopt;
  }
  std::vector<smt::Term> facts = general.allFacts();
  if (facts.empty()) return mu;
  z3::expr_vector all(facts.front().ctx());
  for (const smt::Term& f : facts) all.push_back(mu.apply(f));
  if (solver.entails(z3::mk_and(all)) != smt::Answer::Yes) return std::nullopt;
  return mu;
}

std::optional<State> withLocationsOf(const State& instance, const State& general, const Instantiation& mu,
                                     Executor& executor, z3::context& context, const smt::Limits& limits) {
  const Memory& g = *general.memory;
  const Memory& i = *instance.memory;
  if (i.pointsTo.size() <= g.pointsTo.size()) return std::nullopt;
  std::vector<smt::Term> generalFormula = executor.formula(general);
  // The instance's terms of the general state's variables: what μ maps them to, or themselves.
  std::unordered_map<unsigned, smt::Term> known;
  std::set<unsigned> mapped;
  for (const auto& [variable, value] : mu.pairs) {
    mapped.insert(variable.id());
    if (smt::isSymbol(value)) known.emplace(value.id(), variable);
  }
  std::set<unsigned> own;
  std::vector<smt::Term> ownList;
  for (const smt::Term& f : generalFormula) smt::collectSymbols(f, own, ownList);
  for (const Frame& frame : general.frames)
    for (const Local& l : frame.locals) smt::collectSymbols(l.value, own, ownList);
  for (const smt::Term& v : ownList)
    if (!mapped.count(v.id())) known.emplace(v.id(), v);
  EqualTerms equal(instance.allFacts());

  std::optional<FormulaSolver> solver;
  State widened = general;
  for (const PointsTo& q : i.pointsTo) {
    auto block = std::find_if(g.blocks.begin(), g.blocks.end(), [&](const MemoryBlock& b) {
      return z3::eq(b.lo, q.block) && z3::eq(mu.apply(b.lo), b.lo);
    });
    if (block == g.blocks.end()) continue;
    std::optional<smt::Term> address = equal.rewritten(q.address, known);
    if (!address) continue;
    *address = address->simplify();
    if (!solver) solver.emplace(context, limits, generalFormula);
    if (!solver->satisfiable()) return std::nullopt;
    const auto& entries = widened.memory->pointsTo;
    bool isKnown = std::any_of(entries.begin(), entries.end(), [&](const PointsTo& p) {
      return p.bits == q.bits && z3::eq(p.block, q.block) &&
             (z3::eq(p.address, *address) || solver->entails(p.address == *address));
    });
    if (isKnown) continue;
    smt::Term bytes = context.int_val(static_cast<int>((q.bits + 7) / 8));
    PointsTo entry{*address, executor.fresh("stored"), q.bits, q.view, q.block};
    entry.mayBeOutside = !solver->entails(block->lo <= *address && *address + bytes - 1 <= block->hi);
    widened.mutableMemory().pointsTo.push_back(entry);
  }
  if (widened.memory->pointsTo.size() == g.pointsTo.size()) return std::nullopt;
  return widened;
}

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
  Merger(const State& older, const State& newer, bool olderIsMerged, Executor& executor, const ProgramIndex& index,
         z3::context& context, const smt::Limits& limits, const std::vector<std::pair<smt::Term, bool>>& anchors)
      : older(older),
        newer(newer),
        olderIsMerged(olderIsMerged),
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
    auto heapBlockAt = [](const Memory& m, const std::vector<bool>& kept, const EqualTerms& equal,
                          const smt::Term& lo) -> std::optional<size_t> {
      for (size_t k = 0; k < m.blocks.size(); ++k)
        if (!kept[k] && m.blocks[k].kind == BlockKind::Heap && m.blocks[k].bytes > 0 && equal.same(m.blocks[k].lo, lo))
          return k;
      return std::nullopt;
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

  void mergeLocations() {
    // The values, in each state, of the program values and the locations that the loop changed (that hold values the
    // merged state does not rename alike): a pointer equal to one of them points where a pointer the loop moves is
    // or was.
    std::vector<smt::Term> changedValuesA, changedValuesB;
    for (size_t k = 0, renamings = result.fromOlder.pairs.size(); k < renamings; ++k)
      if (!z3::eq(result.fromOlder.pairs[k].second, result.fromNewer.pairs[k].second)) {
        changedValuesA.push_back(result.fromOlder.pairs[k].second);
        changedValuesB.push_back(result.fromNewer.pairs[k].second);
      }
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
      if (x.bits != index.pointerBits() || equalA.null(x.value) ||
          std::none_of(ma.blocks.begin(), ma.blocks.end(),
                       [&](const MemoryBlock& b) { return b.kind == BlockKind::Heap && z3::eq(b.lo, x.block); }))
        return false;
      auto movedFrom = [&](const smt::Term& t) {
        return std::any_of(changedLocations.begin(), changedLocations.end(), [&](const auto& c) {
          return z3::eq(c.second, x.block) && !equalA.null(c.first) && equalA.same(c.first, t);
        });
      };
      return movedFrom(x.value) ||
             std::any_of(ma.lists.begin(), ma.lists.end(),
                         [&](const ListSegment& l) { return equalA.same(l.start, x.value) && movedFrom(l.end); });
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
      if (inBoth && !(sameTerm && leftBehind(x))) {
        memory->pointsTo.push_back(rx);
        continue;
      }
      if (inBoth) {
        // Left behind by a moving pointer: a value of the merged state's own that both instantiations relate to the
        // pointer, from which the lists fold like from any related value (up to the moving pointer).
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
        // A link that changed in an element where a moving pointer is or was (the next pointer of the last element,
        // null before an append and the new element after it) is no value of its own: the lists fold through it.
        if (rx.bits == index.pointerBits() &&
            (aliasesChanged(x.block, changedValuesA, equalA) || aliasesChanged(y.block, changedValuesB, equalB)) &&
            (equalA.null(x.value) || aliasesChanged(x.value, changedValuesA, equalA)) &&
            (aliasesChanged(y.value, changedValuesB, equalB) || heapStartsAt(mb, equalB, y.value)))
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

  void foldAndKeepLists() {
    std::vector<bool> listsA(ma.lists.size(), false), listsB(mb.lists.size(), false);
    // Only a heap block neither state keeps, or a list, can fold.
    if (untracked(ma, keptA, listsA) || untracked(mb, keptB, listsB)) {
      size_t related = result.fromOlder.pairs.size();
      std::vector<bool> foldedA(ma.blocks.size(), false), foldedB(mb.blocks.size(), false);
      FoldSide sideA{ma, std::move(equalA), a, keptA, foldedA, listsA, result.fromOlder, related, entryPointers,
                     {}, {}};
      FoldSide sideB{mb, std::move(equalB), b, keptB, foldedB, listsB, result.fromNewer, related, entryPointers,
                     {}, {}};
      foldLists(sideA, sideB, executor, context, index.pointerBits(), result, *memory, terms, listCandidates);
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
    c.heapForgotten = older.heapForgotten || newer.heapForgotten || untracked(ma, keptA, listsA) ||
                      untracked(mb, keptB, listsB);
    c.memory = memory;
    for (const MemoryBlock& b : memory->blocks) {
      terms.emplace_back(b.lo, true);
      terms.emplace_back(b.hi, true);
    }
    for (const PointsTo& p : memory->pointsTo) {
      if (p.address.is_const()) terms.emplace_back(p.address, true);
      if (p.value.is_const()) terms.emplace_back(p.value, false);
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
    std::set<int64_t> numerals{0, 1};
    for (const smt::Term& f : candidates) collectNumerals(f, numerals);
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
        if (x == y || terms[x].second != terms[y].second) continue;
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
    std::vector<smt::Term> kept;
    std::set<unsigned> seen;
    std::vector<smt::Term> examined;  // keeps the terms alive: Z3 reuses the ids of deleted terms
    for (const smt::Term& candidate : candidates) {
      smt::Term simple = candidate.simplify();
      if (simple.is_true() || simple.is_false()) continue;
      examined.push_back(simple);
      if (!seen.insert(simple.id()).second) continue;
      smt::Term inA = result.fromOlder.apply(simple);
      smt::Term inB = result.fromNewer.apply(simple);
      if (!a.mayHold(inA) || !b.mayHold(inB)) continue;
      if (a.entails(inA) && b.entails(inB)) kept.push_back(simple);
    }
    facts.insert(facts.end(), kept.begin(), kept.end());
    facts.insert(facts.end(), entryFacts.begin(), entryFacts.end());
    c.addFacts(std::move(facts));
  }

  const State& older;
  const State& newer;
  const bool olderIsMerged;
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
                  const std::vector<std::pair<smt::Term, bool>>& anchors) {
  Merger merger(older, newer, olderIsMerged, executor, index, context, limits, anchors);
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
