// Unit tests of generalization and merging (symex/merge.h: sameShape, instanceOf, merge) on the states of a counting
// loop, reached by the executor's own rules: which states are comparable at all, that a merge generalizes both
// visits it was made from and keeps what they share, that merging with a merged state only weakens it, and that a
// state whose facts contradict a general state is no instance of it. A regression here shows as a wrong graph
// (an unsound cycle closed, or a loop that never closes), not only as one more UNKNOWN.
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "frontend/normalize.h"
#include "smt/solver.h"
#include "smt/term.h"
#include "symex/executor.h"
#include "symex/graph.h"
#include "symex/merge.h"
#include "symex/merge_candidates.h"
#include "symex/program_index.h"
#include "symex/state.h"
#include "test_program.h"

namespace atropos::symex {
namespace {

// n is only known to be non-negative, so that `i <= n` is a fact every visit of the loop head has, while the value
// of i is exact at each visit.
constexpr const char* kCountingLoop =
    "int main() { int n = __VERIFIER_nondet_int(); if (n < 0) return 0;\n"
    "  int i = 0; while (i < n) i++; return 0; }";

// A program compiled by the real front end, and the executor's steps from its start to the loop heads.
class LoopHeadStates : public ::testing::Test {
 protected:
  void load(const char* source) {
    program = atropos::testing::compileProgram(source);
    ASSERT_TRUE(program);
    // The executor runs on the module symex::prove runs on: the loop counter is a phi, not a stack slot.
    module = frontend::normalizedCopy(*program);
    main = module->getFunction("main");
    ASSERT_TRUE(main && !main->isDeclaration());
    index = std::make_unique<ProgramIndex>(*module);
    solver = std::make_unique<smt::Solver>(context, limits);
    executor = std::make_unique<Executor>(context, *solver, *index, *module);
  }

  // The next state at a loop head that `from` leads to, as the graph would see it there (dead values dropped). A
  // case analysis is followed into its first case first: paths that end, go wrong or are infeasible are left.
  std::optional<State> nextLoopHead(const State& from) {
    std::vector<State> pending{from};
    for (int steps = 0; !pending.empty() && steps < 1000; ++steps) {
      State state = std::move(pending.back());
      pending.pop_back();
      StepResult result = executor->step(state);
      if (result.kind == StepResult::Kind::Split) {
        State yes = *result.next;
        State no = std::move(*result.next);
        yes.addFacts({*result.condition});
        no.addFacts({!*result.condition});
        pending.push_back(std::move(no));
        pending.push_back(std::move(yes));
        continue;
      }
      if (result.kind != StepResult::Kind::Next) continue;
      if (index->isMergePoint(result.next->top().next)) {
        dropDeadValues(*result.next, *index);
        return std::move(*result.next);
      }
      pending.push_back(std::move(*result.next));
    }
    return std::nullopt;
  }

  // A solver of its own: the executor's must stay in step with the states it was synced to.
  smt::Answer entails(const State& state, const smt::Term& goal) {
    smt::Solver own(context, limits);
    for (const smt::Term& fact : executor->formula(state)) own.add(fact);
    return own.entails(goal);
  }

  // instanceOf asks the executor's solver, which must hold the instance's facts.
  std::optional<Instantiation> instance(const State& state, const State& general) {
    executor->sync(state);
    return instanceOf(state, general, *solver, *executor, index->pointerBits());
  }

  static smt::Term valueOf(const State& state, unsigned id) {
    const Local* local = state.top().find(id);
    EXPECT_TRUE(local) << "no program value " << id;
    return local ? local->value : state.top().locals.front().value;
  }

  std::optional<frontend::Program> program;
  std::unique_ptr<llvm::Module> module;
  const llvm::Function* main = nullptr;
  std::unique_ptr<ProgramIndex> index;
  // Declared before everything that holds terms, so that it is destroyed after them.
  z3::context context;
  smt::Limits limits;
  std::unique_ptr<smt::Solver> solver;
  std::unique_ptr<Executor> executor;
};

// The states of the counting loop at its head.
class SymexMergeOperator : public LoopHeadStates {
 protected:
  void SetUp() override {
    load(kCountingLoop);
    ASSERT_TRUE(executor);
    first = nextLoopHead(executor->initialState(*main));
    ASSERT_TRUE(first) << "the loop head is not reached from the start";
    second = nextLoopHead(*first);
    ASSERT_TRUE(second) << "the loop head is not reached again after one pass";
    for (const Local& l : first->top().locals) {
      const llvm::Value* value = index->valueById(main, l.id);
      if (llvm::isa<llvm::PHINode>(value)) counter = l.id;
      if (llvm::isa<llvm::CallInst>(value)) bound = l.id;
    }
    ASSERT_TRUE(counter && bound) << "the loop head should hold i (a phi) and n (the value drawn)";
    // The rest of the tests rest on these: the first visit has i = 0, the second i = 1.
    ASSERT_EQ(entails(*first, valueOf(*first, *counter) == 0), smt::Answer::Yes);
    ASSERT_EQ(entails(*second, valueOf(*second, *counter) == 1), smt::Answer::Yes);
  }

  std::optional<State> first, second;  // the loop head with i = 0, then with i = 1
  std::optional<unsigned> counter, bound;  // the program values of i and n
};

TEST_F(SymexMergeOperator, OnlyStatesAtOnePositionWithTheSameLiveValuesHaveOneShape) {
  EXPECT_TRUE(sameShape(*first, *second)) << "two visits of the loop head are comparable";
  EXPECT_TRUE(sameShape(*second, *first));

  // The same values one instruction further on: a state there is never an instance of the loop head, whatever
  // its facts, or a cycle would close onto the wrong instruction.
  State elsewhere = *first;
  elsewhere.top().next = first->top().next->getNextNode();
  ASSERT_TRUE(elsewhere.top().next);
  EXPECT_FALSE(sameShape(*first, elsewhere));
  EXPECT_FALSE(sameShape(elsewhere, *first));
  EXPECT_TRUE(instance(*first, *first)) << "a state is an instance of itself";
  EXPECT_FALSE(instance(elsewhere, *first));

  // A value the loop head does not need (the comparison not yet made): the graph drops such values before it
  // compares, since otherwise two visits would differ in shape by what happened to be left over.
  State leftOver = *first;
  leftOver.top().set(index->valueId(first->top().next), executor->fresh("left_over"));
  EXPECT_FALSE(sameShape(*first, leftOver));

  EXPECT_FALSE(sameShape(*first, executor->initialState(*main))) << "the start of main is another position";
}

TEST_F(SymexMergeOperator, TheMergedStateGeneralizesBothVisitsAndKeepsOnlyWhatTheyShare) {
  const MergeResult m = merge(*first, *second, false, *executor, *index, context, limits);
  const State& merged = m.merged;
  ASSERT_TRUE(sameShape(merged, *first));
  const smt::Term i = valueOf(merged, *counter);
  const smt::Term n = valueOf(merged, *bound);

  // The instantiations say which value of each visit the merged state's i stands for.
  EXPECT_EQ(entails(*first, m.fromOlder.apply(i) == 0), smt::Answer::Yes) << m.fromOlder.apply(i).to_string();
  EXPECT_EQ(entails(*second, m.fromNewer.apply(i) == 1), smt::Answer::Yes) << m.fromNewer.apply(i).to_string();
  // n was drawn once, before the loop: both visits hold the very same value.
  EXPECT_TRUE(z3::eq(m.fromOlder.apply(n), valueOf(*first, *bound))) << m.fromOlder.apply(n).to_string();
  EXPECT_TRUE(z3::eq(m.fromNewer.apply(n), valueOf(*second, *bound))) << m.fromNewer.apply(n).to_string();

  // Both visits are instances of the merged state, and instanceOf finds the same instantiation of i.
  const std::optional<Instantiation> ofFirst = instance(*first, merged);
  ASSERT_TRUE(ofFirst) << "the older visit must be represented by the merged state";
  EXPECT_EQ(entails(*first, ofFirst->apply(i) == 0), smt::Answer::Yes);
  const std::optional<Instantiation> ofSecond = instance(*second, merged);
  ASSERT_TRUE(ofSecond) << "the newer visit must be represented by the merged state";
  EXPECT_EQ(entails(*second, ofSecond->apply(i) == 1), smt::Answer::Yes);

  // What both visits know of i survives; what only one knows does not (no visit after them would be an instance).
  EXPECT_EQ(entails(merged, i >= 0), smt::Answer::Yes);
  EXPECT_EQ(entails(merged, i <= n), smt::Answer::Yes);
  EXPECT_EQ(entails(merged, i == 0), smt::Answer::No) << "only the older visit has i == 0";
  EXPECT_EQ(entails(merged, i == 1), smt::Answer::No) << "only the newer visit has i == 1";
  EXPECT_EQ(entails(merged, n >= 0), smt::Answer::Yes) << "the guard before the loop holds at both";
}

TEST_F(SymexMergeOperator, MergingAMergedStateAgainOnlyWeakensIt) {
  const MergeResult once = merge(*first, *second, false, *executor, *index, context, limits);
  const State& general = once.merged;
  const smt::Term i = valueOf(general, *counter);
  // The graph goes on from the merged state: one more pass reaches the loop head with i one more, up to 2. That is
  // the state the graph merges the merged state with, as an older state that is itself a merge result.
  const std::optional<State> next = nextLoopHead(general);
  ASSERT_TRUE(next);
  const smt::Term iNext = valueOf(*next, *counter);
  ASSERT_EQ(entails(*next, iNext == i + 1), smt::Answer::Yes);
  // Having seen i = 0 and i = 1 only, the first merge bounds i by 1 (0 and 1 are always among its bounds): the pass
  // that may reach i = 2 is then no instance, and the merge of the two must give that bound up.
  ASSERT_EQ(entails(general, i <= 1), smt::Answer::Yes);
  ASSERT_EQ(entails(*next, iNext <= 1), smt::Answer::No);
  ASSERT_FALSE(instance(*next, general));

  const MergeResult twice = merge(general, *next, true, *executor, *index, context, limits);
  const State& weaker = twice.merged;
  const smt::Term i2 = valueOf(weaker, *counter);
  const smt::Term n2 = valueOf(weaker, *bound);

  // Monotone: the older merged state is an instance of the new one, and so is the pass from it.
  ASSERT_TRUE(instance(general, weaker)) << "the new merged state must represent the one it weakens";
  const std::optional<Instantiation> ofNext = instance(*next, weaker);
  ASSERT_TRUE(ofNext) << "the new merged state must represent the pass from the older one";
  EXPECT_EQ(entails(*next, ofNext->apply(i2) == i + 1), smt::Answer::Yes);
  // The third visit of the path that never merged, with i = 2 exactly, is represented too.
  const std::optional<State> third = nextLoopHead(*second);
  ASSERT_TRUE(third);
  const std::optional<Instantiation> ofThird = instance(*third, weaker);
  ASSERT_TRUE(ofThird) << "the new merged state must represent the visit with i = 2";
  EXPECT_EQ(entails(*third, ofThird->apply(i2) == 2), smt::Answer::Yes);

  // Only facts of the older merged state are candidates: each fact of the new one, renamed back, is one of its
  // atoms. New facts at every merge (a relation to the value before the pass, a bound by the newest value seen)
  // would let the states at the loop head change forever.
  std::vector<smt::Term> olderAtoms, newAtoms;
  for (const smt::Term& f : general.allFacts()) atomsOf(f, olderAtoms);
  for (const smt::Term& f : weaker.allFacts()) atomsOf(f, newAtoms);
  ASSERT_FALSE(newAtoms.empty());
  for (smt::Term& atom : olderAtoms) atom = atom.simplify();
  smt::Solver valid(context, limits);  // no facts: it decides equivalence
  for (const smt::Term& atom : newAtoms) {
    const smt::Term back = twice.fromOlder.apply(atom).simplify();
    const bool among =
        std::any_of(olderAtoms.begin(), olderAtoms.end(), [&](const smt::Term& old) { return z3::eq(old, back); }) ||
        std::any_of(olderAtoms.begin(), olderAtoms.end(),
                    [&](const smt::Term& old) { return valid.entails(old == back) == smt::Answer::Yes; });
    EXPECT_TRUE(among) << atom.to_string() << " (renamed back: " << back.to_string()
                       << ") is no fact of the older merged state";
  }

  EXPECT_EQ(entails(weaker, i2 <= 1), smt::Answer::No) << "the bound that i = 2 breaks is dropped";
  EXPECT_EQ(entails(weaker, i2 >= 0), smt::Answer::Yes) << "the facts the pass keeps stay";
  EXPECT_EQ(entails(weaker, i2 <= n2), smt::Answer::Yes);
}

TEST_F(SymexMergeOperator, AStateThatContradictsTheGeneralOneIsNoInstance) {
  const MergeResult m = merge(*first, *second, false, *executor, *index, context, limits);
  const smt::Term i = valueOf(m.merged, *counter);
  ASSERT_EQ(entails(m.merged, i >= 0), smt::Answer::Yes);

  // Two states built alike from the first visit, with a new value of i that differs only in its fact: the one
  // where i is 0 shows that the construction itself is an instance, so that only i == -1 can keep the other out.
  auto withCounter = [&](int value) {
    State state = *first;
    const smt::Term fresh = executor->fresh("i");
    state.top().set(*counter, fresh);
    state.addFacts({fresh == value});
    return state;
  };
  const State fits = withCounter(0);
  const State contradicts = withCounter(-1);
  ASSERT_TRUE(sameShape(contradicts, m.merged));
  EXPECT_TRUE(instance(fits, m.merged));
  EXPECT_FALSE(instance(contradicts, m.merged)) << "the merged state has 0 <= i, the state i == -1";
}

// Two paths that parted before the loop head, each with a fact of its own about a value drawn before they parted
// that neither holds any more (the condition of a branch): a visit of one path is represented by a general state
// of the other only as a state of another path, whose facts about values it no longer holds stand for some value.
// Facts that tie such a value to one the state holds still bind the instance.
TEST_F(SymexMergeOperator, AStateOfAnotherPathRepresentsAVisitDespiteItsOwnBranchConditions) {
  const smt::Term drawn = executor->fresh("drawn");  // drawn before the paths parted, no longer held
  const smt::Term i = valueOf(*first, *counter);
  auto onPath = [&](std::vector<smt::Term> facts) {
    State state = *first;
    state.addFacts(std::move(facts));
    return state;
  };
  auto representedAs = [&](const State& instance, const State& general, History history) {
    executor->sync(instance);
    return instanceOf(instance, general, *solver, *executor, index->pointerBits(), history);
  };
  const State taken = onPath({drawn != 0});
  const State notTaken = onPath({drawn == 0});
  EXPECT_FALSE(representedAs(notTaken, taken, History::Shared)) << "as a state above it, drawn != 0 must hold";
  const std::optional<Instantiation> mu = representedAs(notTaken, taken, History::OtherPath);
  ASSERT_TRUE(mu) << "the general state's branch condition speaks of its own path's value";
  EXPECT_FALSE(z3::eq(mu->apply(drawn), drawn)) << "the general state's value is bound apart from the instance's";
  EXPECT_TRUE(representedAs(taken, notTaken, History::OtherPath));

  // A value of the other path defined from one the state holds is that value: 5 > 7 does not hold.
  const smt::Term defined = executor->fresh("defined");
  EXPECT_FALSE(representedAs(notTaken, onPath({defined == i + 5, defined > 7}), History::OtherPath))
      << "i == 0 in the instance, so no value i + 5 exceeds 7";
  EXPECT_TRUE(representedAs(notTaken, onPath({defined == i + 5, defined > 3}), History::OtherPath));
  // Bounds that tie it to a held value, without defining it: i <= tied <= -1 says i <= -1.
  const smt::Term tied = executor->fresh("tied");
  EXPECT_FALSE(representedAs(notTaken, onPath({i <= tied, tied <= -1}), History::OtherPath));
  // The same from a value both paths share: the instance's own facts about it count.
  EXPECT_FALSE(representedAs(onPath({drawn == -5}), onPath({i <= drawn, drawn <= -1}), History::OtherPath));
  // A group of facts that no value satisfies is no state at all and represents nothing.
  EXPECT_FALSE(representedAs(notTaken, onPath({tied > 0, tied < 0}), History::OtherPath));
}

// A doubly linked list built at its tail, with head and tail live at the loop head; PREV is where each new element
// points back to. With the head there instead of the tail, only the first two elements are linked back right.
constexpr const char* kDoublyLinkedAtItsTail =
    "void *malloc(unsigned long); void free(void *);\n"
    "struct node { struct node *next; struct node *prev; };\n"
    "int main() { struct node *head = malloc(sizeof *head); head->next = 0; head->prev = 0;\n"
    "  struct node *tail = head;\n"
    "  while (__VERIFIER_nondet_int()) { struct node *n = malloc(sizeof *n); n->next = 0; n->prev = PREV;\n"
    "    tail->next = n; tail = n; }\n"
    "  tail->next = 0; while (head) { struct node *n = head->next; free(head); head = n; } return 0; }";

class SymexMergeOfDoublyLinkedLists : public LoopHeadStates {
 protected:
  // The loop head of the build after 1, 2, 3 and 4 elements.
  void build(const std::string& prev) {
    std::string source = kDoublyLinkedAtItsTail;
    source.replace(source.find("PREV"), 4, prev);
    text = source;
    load(text.c_str());
    ASSERT_TRUE(executor);
    std::optional<State> at = executor->initialState(*main);
    for (int k = 0; k < 4; ++k) {
      at = nextLoopHead(*at);
      ASSERT_TRUE(at) << "visit " << k + 1 << " of the loop head is not reached";
      visits.push_back(*at);
    }
  }
  static const ListSegment* linkedList(const State& state) {
    for (const ListSegment& l : state.memory->lists)
      if (l.back) return &l;
    return nullptr;
  }
  std::string text;
  std::vector<State> visits;
};

TEST_F(SymexMergeOfDoublyLinkedLists, AListBuiltAtItsTailFoldsWithItsLinkBack) {
  build("tail");
  const MergeResult m = merge(visits[1], visits[2], false, *executor, *index, context, limits);
  const ListSegment* list = linkedList(m.merged);
  ASSERT_TRUE(list) << "the elements before the tail fold into a doubly linked list";
  EXPECT_EQ(list->back->offset, index->pointerBits() / 8) << "prev follows next";
  EXPECT_EQ(entails(m.merged, list->back->before == 0), smt::Answer::Yes) << "the head points back to null";
  // The tail's block points back to the list's last element.
  const MemoryBlock* tail = nullptr;
  for (const MemoryBlock& b : m.merged.memory->blocks)
    if (b.kind == BlockKind::Heap && z3::eq(b.lo, list->end)) tail = &b;
  ASSERT_TRUE(tail) << "the list ends at the tail's block";
  const PointsTo* tailPrev = nullptr;
  for (const PointsTo& p : m.merged.memory->pointsTo)
    if (z3::eq(p.block, tail->lo) && entails(m.merged, p.address == tail->lo + context.int_val(list->back->offset)) ==
                                         smt::Answer::Yes)
      tailPrev = &p;
  ASSERT_TRUE(tailPrev);
  EXPECT_EQ(entails(m.merged, tailPrev->value == list->back->last), smt::Answer::Yes);
  EXPECT_TRUE(instance(visits[1], m.merged));
  EXPECT_TRUE(instance(visits[2], m.merged));
  EXPECT_TRUE(instance(visits[3], m.merged)) << "the next visit, one element longer, closes the loop";
}

TEST_F(SymexMergeOfDoublyLinkedLists, AChainWhoseLinkBackBreaksIsNoInstanceOfADoublyLinkedList) {
  build("head");
  // Two and three elements: the chain before the tail is the head alone, then the head and the second element,
  // which points back to the head as a doubly linked list's would.
  const MergeResult m = merge(visits[1], visits[2], false, *executor, *index, context, limits);
  const ListSegment* list = linkedList(m.merged);
  ASSERT_TRUE(list);
  // The third element points back to the head, not to the second: the fourth visit's chain is no doubly linked
  // list, and a merged state that claims one must not represent it.
  EXPECT_FALSE(instance(visits[3], m.merged));
  const MergeResult again = merge(m.merged, visits[3], true, *executor, *index, context, limits);
  EXPECT_FALSE(linkedList(again.merged)) << "the merge with it gives the link back up";
  EXPECT_TRUE(instance(visits[3], again.merged));
}

// A merged state keeps only the tightest constant bound on a term in each direction, and those at the thresholds;
// the conjunction it keeps means what the whole one meant.
TEST(SymexMergeCandidates, ImpliedConstantBoundsGoButTheTightestAndTheThresholds) {
  z3::context c;
  const smt::Term x = c.int_const("x"), y = c.int_const("y");
  const std::vector<smt::Term> all{x <= 48, x <= 5,  !(c.int_val(48) <= x), x >= -3, x >= 0,     x >= 2,
                                   y <= 7,  x < 6,   x <= 100,               x < y,   c.int_val(2) <= x};
  std::vector<smt::Term> kept = all;
  dropImpliedBounds(kept, {0, 1, 100});
  auto keeps = [&](const smt::Term& f) {
    return std::any_of(kept.begin(), kept.end(), [&](const smt::Term& k) { return z3::eq(k, f); });
  };
  EXPECT_TRUE(keeps(all[1])) << "x <= 5 is the tightest upper bound";
  EXPECT_FALSE(keeps(all[0]) || keeps(all[2]) || keeps(all[3])) << "x <= 48, x < 48, x >= -3 are implied";
  EXPECT_FALSE(keeps(all[7])) << "x < 6 says x <= 5 again, which comes first";
  EXPECT_TRUE(keeps(all[4]) && keeps(all[8])) << "the bounds at thresholds stay";
  EXPECT_TRUE(keeps(all[5])) << "x >= 2 is the tightest lower bound";
  EXPECT_FALSE(keeps(all[10])) << "2 <= x says it again";
  EXPECT_TRUE(keeps(all[6]) && keeps(all[9])) << "a bound on another term and a relation of two terms stay";
  z3::solver solver(c);
  z3::expr_vector whole(c), pruned(c);
  for (const smt::Term& f : all) whole.push_back(f);
  for (const smt::Term& f : kept) pruned.push_back(f);
  solver.add(z3::mk_and(whole) != z3::mk_and(pruned));
  EXPECT_EQ(solver.check(), z3::unsat) << "the kept facts are equivalent to all of them";
}

}  // namespace
}  // namespace atropos::symex
