// What the parts of the merge share (merge.cpp, folds.cpp, instance.cpp): comparing and renaming memory, a solver
// over one state's formula, and one state's side of folding lists. Not a contract for other components: merge.h is.
#pragma once

#include <cassert>
#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "smt/solver.h"
#include "smt/term.h"
#include "executor.h"
#include "lists.h"
#include "merge.h"
#include "state.h"

namespace atropos::symex {

// The same block, or the same entry, term for term.
bool sameBlock(const MemoryBlock& x, const MemoryBlock& y);
bool samePointsTo(const PointsTo& x, const PointsTo& y);
// The block or the entry with μ applied to its terms.
MemoryBlock renamed(const MemoryBlock& b, const Instantiation& mu);
PointsTo renamed(const PointsTo& p, const Instantiation& mu);

// A solver over one state's formula, with a model of it.
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

  // The related values whose value in this state `t` is; none for NULL, which ends a list without meeting anything.
  std::vector<size_t> rootsAt(const smt::Term& t) const {
    std::vector<size_t> found;
    if (equal.null(t)) return found;
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

// Folds the heap blocks and lists neither state keeps into lists of the merged state (folds.cpp).
void foldLists(FoldSide& a, FoldSide& b, Executor& executor, z3::context& context, unsigned pointerBits,
               MergeResult& result, Memory& merged, std::vector<std::pair<smt::Term, bool>>& terms,
               std::vector<smt::Term>& candidates);

}  // namespace atropos::symex
