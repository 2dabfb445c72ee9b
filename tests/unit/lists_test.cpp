// Unit tests of the chains and lists of symex/lists.h on memories built by hand: which terms the facts equate, the
// shapes a chain may have, the walk along next pointers through blocks and lists, the progression of a field, and
// reachability through the heap. A regression here shows as a wrong fold, not only as one more UNKNOWN.
#include <gtest/gtest.h>

#include <functional>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "smt/term.h"
#include "symex/lists.h"
#include "symex/state.h"

using namespace atropos;
using namespace atropos::symex;

namespace {

constexpr unsigned kPointerBits = 64;
constexpr uint64_t kElementBytes = 16;  // struct { long value; struct node* next; }
constexpr uint64_t kNextOffset = 8;

// Heap blocks of 16 bytes with a value at offset 0 and a next pointer at offset 8, linked in order; the last one's
// next pointer holds `end`. The facts define each field's address as its block's start plus the offset, as the
// executor does (`a == lo + 8`).
struct HandBuilt {
  explicit HandBuilt(z3::context& c) : context(c) {}

  smt::Term block(const std::string& name) {
    const smt::Term lo = context.int_const(name.c_str());
    memory.blocks.push_back(MemoryBlock{lo, lo + context.int_val(kElementBytes - 1), BlockKind::Heap, 0, nullptr,
                                        false, kElementBytes});
    return lo;
  }
  // Stores `value` of `bits` bits at `offset` into the block that starts at `lo`.
  void store(const smt::Term& lo, uint64_t offset, const smt::Term& value, unsigned bits) {
    const smt::Term address = context.int_const(("addr" + std::to_string(facts.size())).c_str());
    facts.push_back(address == lo + context.int_val(offset));
    memory.pointsTo.push_back(PointsTo{address, value, bits, View::Signed, lo});
  }

  // Two blocks `a` -> `b` -> null, `a` holding 1 at offset 0 and `b` holding `flag` there.
  std::pair<smt::Term, smt::Term> flagChain(const smt::Term& flag) {
    const smt::Term a = block("a"), b = block("b");
    store(a, kNextOffset, b, kPointerBits);
    store(b, kNextOffset, context.int_val(0), kPointerBits);
    store(a, 0, context.int_val(1), 64);
    store(b, 0, flag, 64);
    return {a, b};
  }

  z3::context& context;
  Memory memory;
  std::vector<smt::Term> facts;
};

// Whether `solver`'s assertions entail a claim.
std::function<bool(const smt::Term&)> entailedBy(z3::solver& solver) {
  return [&solver](const smt::Term& claim) {
    solver.push();
    solver.add(!claim);
    const bool unsat = solver.check() == z3::unsat;
    solver.pop();
    return unsat;
  };
}

}  // namespace

TEST(SymexLists, EqualTermsFollowDefinitionsAndEqualities) {
  z3::context c;
  const smt::Term v = c.int_const("v"), w = c.int_const("w"), g = c.int_const("g"), n = c.int_const("n");
  const smt::Term u = c.int_const("u");
  // w is loaded and equals v; g is computed from w; n is equated to null by a merge's two inequations.
  EqualTerms equal({w == v, g == w + c.int_val(8), n <= c.int_val(0), n >= c.int_val(0)});
  EXPECT_TRUE(equal.same(w, v));
  EXPECT_FALSE(equal.same(g, v));
  EXPECT_EQ(equal.offset(g, v), std::optional<int64_t>(8)) << "g is 8 bytes past v through w's equality";
  EXPECT_EQ(equal.offset(v, v), std::optional<int64_t>(0));
  EXPECT_FALSE(equal.offset(g, u)) << "g has no constant offset from an unrelated u";
  EXPECT_TRUE(equal.null(n)) << "x <= 0 and x >= 0 make an equality";
  EXPECT_FALSE(equal.null(v));

  std::unordered_map<unsigned, smt::Term> known{{v.id(), c.int_const("p")}};
  std::optional<smt::Term> rewritten = equal.rewritten(g, known);
  ASSERT_TRUE(rewritten);
  EXPECT_TRUE(z3::eq(rewritten->simplify(), (c.int_const("p") + c.int_val(8)).simplify())) << rewritten->to_string();
  EXPECT_FALSE(equal.rewritten(u, known)) << "u is neither defined nor equal to a known symbol";
}

TEST(SymexLists, AChainOfBlocksIsWalkedToItsNullEnd) {
  z3::context c;
  HandBuilt h(c);
  const smt::Term a = h.block("a"), b = h.block("b"), d = h.block("d");
  h.store(a, kNextOffset, b, kPointerBits);
  h.store(b, kNextOffset, d, kPointerBits);
  h.store(d, kNextOffset, c.int_val(0), kPointerBits);
  const EqualTerms equal(h.facts);

  std::vector<bool> takenBlocks(3, false), takenLists;
  EXPECT_EQ(shapesFrom(h.memory, a, equal, takenBlocks, takenLists, kPointerBits),
            (std::vector<ListShape>{{kElementBytes, kNextOffset}}))
      << "one pointer-sized content, at offset 8, makes the one shape";
  const Chain chain = walkChain(h.memory, a, {kElementBytes, kNextOffset}, equal, takenBlocks, takenLists,
                                kPointerBits, [&](const smt::Term& at, size_t) { return equal.null(at); });
  ASSERT_EQ(chain.pieces.size(), 3u);
  EXPECT_EQ(chain.pieces[0].index, 0u);
  EXPECT_EQ(chain.pieces[2].index, 2u);
  EXPECT_TRUE(chain.end.is_numeral() && chain.end.get_numeral_int() == 0) << chain.end.to_string();
  EXPECT_EQ(chain.length.get_numeral_int(), 3);
  EXPECT_EQ(takenBlocks, (std::vector<bool>{true, true, true}));

  std::vector<bool> none(3, false);
  const Chain cut = walkChain(h.memory, a, {kElementBytes, kNextOffset}, equal, none, takenLists, kPointerBits,
                              [](const smt::Term&, size_t steps) { return steps == 2; });
  EXPECT_EQ(cut.pieces.size(), 2u) << "the walk stops where the caller says";
  EXPECT_TRUE(z3::eq(cut.end, d));
  const Chain wrongShape = walkChain(h.memory, a, {kElementBytes, 0}, equal, none, takenLists, kPointerBits,
                                     [](const smt::Term&, size_t) { return false; });
  EXPECT_TRUE(wrongShape.empty()) << "no pointer at offset 0: no chain";

  EXPECT_TRUE(heapStartsAt(h.memory, equal, b));
  EXPECT_FALSE(heapStartsAt(h.memory, equal, c.int_val(0)));
  EXPECT_TRUE(linksTo(h.memory, a, d, equal, kPointerBits));
  EXPECT_FALSE(linksTo(h.memory, d, a, equal, kPointerBits)) << "the links lead one way";
}

TEST(SymexLists, AWalkContinuesThroughAListAndAddsItsLength) {
  z3::context c;
  HandBuilt h(c);
  const smt::Term a = h.block("a");
  const smt::Term listStart = c.int_const("s"), listEnd = c.int_const("e"), length = c.int_const("len");
  h.store(a, kNextOffset, listStart, kPointerBits);
  h.memory.lists.push_back(
      ListSegment{listStart, listEnd, length, kElementBytes, kNextOffset, nullptr, {}, std::nullopt, {}, {}});
  const EqualTerms equal(h.facts);
  std::vector<bool> takenBlocks(1, false), takenLists(1, false);
  const Chain chain = walkChain(h.memory, a, {kElementBytes, kNextOffset}, equal, takenBlocks, takenLists,
                                kPointerBits, [](const smt::Term&, size_t) { return false; });
  ASSERT_EQ(chain.pieces.size(), 2u);
  EXPECT_FALSE(chain.pieces[0].isList);
  EXPECT_TRUE(chain.pieces[1].isList);
  EXPECT_TRUE(z3::eq(chain.end, listEnd));
  EXPECT_TRUE(z3::eq(chain.length, (length + c.int_val(1)).simplify())) << chain.length.to_string();

  std::vector<bool> otherBlocks(1, false), otherLists(1, false);
  const Chain otherShape = walkChain(h.memory, listStart, {2 * kElementBytes, kNextOffset}, equal, otherBlocks,
                                     otherLists, kPointerBits, [](const smt::Term&, size_t) { return false; });
  EXPECT_TRUE(otherShape.empty()) << "a list of other elements is not part of the chain";
}

TEST(SymexLists, AFieldThatGrowsByOneAlongTheChainIsAProgression) {
  z3::context c;
  HandBuilt h(c);
  const smt::Term a = h.block("a"), b = h.block("b"), d = h.block("d");
  const smt::Term x = c.int_const("x");
  h.store(a, kNextOffset, b, kPointerBits);
  h.store(b, kNextOffset, d, kPointerBits);
  h.store(d, kNextOffset, c.int_val(0), kPointerBits);
  h.store(a, 0, x, 64);
  h.store(b, 0, x + c.int_val(1), 64);
  h.store(d, 0, x + c.int_val(2), 64);
  const EqualTerms equal(h.facts);
  std::vector<bool> takenBlocks(3, false), takenLists;
  const Chain chain = walkChain(h.memory, a, {kElementBytes, kNextOffset}, equal, takenBlocks, takenLists,
                                kPointerBits, [&](const smt::Term& at, size_t) { return equal.null(at); });
  ASSERT_EQ(chain.pieces.size(), 3u);
  EXPECT_EQ(fieldsOf(h.memory, chain, {kElementBytes, kNextOffset}, equal),
            (std::vector<FieldKey>{{0, 64, View::Signed}}))
      << "the value is the one field besides the link";

  // Entailment by simplification stands in for the solver: the facts here are equalities of constants.
  auto entails = [](const smt::Term& claim) { return claim.simplify().is_true(); };
  auto valueOf = [](const smt::Term& t) -> std::optional<int64_t> {
    int64_t v = 0;
    const smt::Term simple = t.simplify();
    if (simple.is_numeral() && simple.is_numeral_i64(v)) return v;
    return std::nullopt;
  };
  const FieldKey value{0, 64, View::Signed};
  std::optional<Progression> p = progressionOf(h.memory, chain, value, std::nullopt, equal, entails, valueOf);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->step, std::optional<int64_t>(1));
  EXPECT_TRUE(z3::eq(p->first, x));
  EXPECT_TRUE(z3::eq(p->last.simplify(), (x + c.int_val(2)).simplify()));
  EXPECT_FALSE(progressionOf(h.memory, chain, value, 2, equal, entails, valueOf)) << "the step is 1, not 2";

  h.memory.pointsTo.back().value = x + c.int_val(5);  // the last element breaks the progression
  EXPECT_FALSE(progressionOf(h.memory, chain, value, std::nullopt, equal, entails, valueOf));
}

TEST(SymexLists, TheSpanOfAFieldBoundsEveryElementOfTheChain) {
  z3::context c;
  HandBuilt h(c);
  const smt::Term flag = c.int_const("flag");
  const auto [a, b] = h.flagChain(flag);
  // A list of the chain bounds its elements' values itself.
  const smt::Term start = c.int_const("start"), length = c.int_const("length");
  h.store(b, kNextOffset, start, kPointerBits);
  h.memory.pointsTo.erase(h.memory.pointsTo.begin() + 1);  // b's first next pointer, now replaced
  ListSegment list{start, c.int_val(0), length, kElementBytes, kNextOffset, nullptr, {}, std::nullopt, {}, {}};
  list.ranges.push_back(FieldRange{0, 64, View::Signed, 1, 3});
  h.memory.lists.push_back(list);
  const EqualTerms equal(h.facts);
  std::vector<bool> takenBlocks(2, false), takenLists(1, false);
  const Chain chain = walkChain(h.memory, a, {kElementBytes, kNextOffset}, equal, takenBlocks, takenLists,
                                kPointerBits, [&](const smt::Term& at, size_t) { return equal.null(at); });
  ASSERT_EQ(chain.pieces.size(), 3u) << "a, b and the list";
  const FieldKey value{0, 64, View::Signed};
  std::optional<FieldSpan> span = spanOf(h.memory, chain, value, equal);
  ASSERT_TRUE(span);
  EXPECT_EQ(span->values.size(), 2u) << "the two blocks' values";
  EXPECT_EQ(span->ranges.size(), 1u) << "the list's range";

  // The facts say 1 <= flag <= 2: a solver over them stands in for the state's.
  z3::solver solver(c);
  solver.add(flag >= 1 && flag <= 2);
  auto entails = entailedBy(solver);
  EXPECT_TRUE(spanWithin(*span, 1, 3, entails));
  EXPECT_TRUE(spanWithin(*span, 0, std::nullopt, entails)) << "a weaker lower bound alone";
  EXPECT_FALSE(spanWithin(*span, 2, 3, entails)) << "a's value is 1";
  EXPECT_FALSE(spanWithin(*span, 1, 2, entails)) << "the list's elements may hold 3";
  EXPECT_TRUE(spanWithin(*span, std::nullopt, std::nullopt, entails)) << "no bound holds of anything";

  const FieldKey unknown{4, 32, View::Signed};
  EXPECT_FALSE(spanOf(h.memory, chain, unknown, equal)) << "no piece knows a field at byte 4";
}

namespace {

constexpr uint64_t kPrevOffset = 0;  // struct { struct node* prev; struct node* next; }

// a <-> b <-> d, null at both ends: each block's next at offset 8, its prev at offset 0.
struct DoublyLinked {
  explicit DoublyLinked(z3::context& c) : h(c), a(h.block("a")), b(h.block("b")), d(h.block("d")) {
    const smt::Term null = c.int_val(0);
    h.store(a, kNextOffset, b, kPointerBits);
    h.store(b, kNextOffset, d, kPointerBits);
    h.store(d, kNextOffset, null, kPointerBits);
    h.store(a, kPrevOffset, null, kPointerBits);
    h.store(b, kPrevOffset, a, kPointerBits);
    h.store(d, kPrevOffset, b, kPointerBits);
  }
  HandBuilt h;
  smt::Term a, b, d;
};

}  // namespace

TEST(SymexLists, AChainWhoseElementsPointBackIsDoublyLinked) {
  z3::context c;
  DoublyLinked l(c);
  const EqualTerms equal(l.h.facts);
  auto same = [&](const smt::Term& x, const smt::Term& y) { return equal.same(x, y); };
  std::vector<bool> takenBlocks(3, false), takenLists;
  const Chain chain = walkChain(l.h.memory, l.a, {kElementBytes, kNextOffset}, equal, takenBlocks, takenLists,
                                kPointerBits, [&](const smt::Term& at, size_t) { return equal.null(at); });
  ASSERT_EQ(chain.pieces.size(), 3u);
  EXPECT_EQ(backOffsetsOf(l.h.memory, chain, {kElementBytes, kNextOffset}, equal, kPointerBits),
            (std::vector<uint64_t>{kPrevOffset}))
      << "the one pointer field besides the link may link back";
  std::optional<ChainBack> back = backLinkOf(l.h.memory, chain, kPrevOffset, equal, kPointerBits, same);
  ASSERT_TRUE(back);
  EXPECT_TRUE(equal.null(back->before)) << back->before.to_string();
  EXPECT_TRUE(z3::eq(back->last, l.d)) << "the last element is d";
  EXPECT_FALSE(backLinkOf(l.h.memory, chain, kNextOffset, equal, kPointerBits, same))
      << "the next pointers do not point back";

  // d's link back broken: the chain is no doubly linked list.
  DoublyLinked broken(c);
  broken.h.memory.pointsTo.back().value = broken.a;
  const EqualTerms brokenEqual(broken.h.facts);
  auto brokenSame = [&](const smt::Term& x, const smt::Term& y) { return brokenEqual.same(x, y); };
  std::vector<bool> blocks(3, false), lists;
  const Chain brokenChain = walkChain(broken.h.memory, broken.a, {kElementBytes, kNextOffset}, brokenEqual, blocks,
                                      lists, kPointerBits, [&](const smt::Term& at, size_t) { return brokenEqual.null(at); });
  EXPECT_FALSE(backLinkOf(broken.h.memory, brokenChain, kPrevOffset, brokenEqual, kPointerBits, brokenSame))
      << "d points back to a, not to b";
}

TEST(SymexLists, AWalkBackFromTheLastElementFindsTheChainInItsOrder) {
  z3::context c;
  DoublyLinked l(c);
  const EqualTerms equal(l.h.facts);
  std::vector<bool> takenBlocks(3, false), takenLists;
  auto atNull = [&](const smt::Term& at) { return equal.null(at); };
  const BackChain back = walkBack(l.h.memory, l.d, c.int_val(0), {kElementBytes, kNextOffset}, kPrevOffset, equal,
                                  takenBlocks, takenLists, kPointerBits, atNull);
  ASSERT_EQ(back.chain.pieces.size(), 3u);
  EXPECT_EQ(back.chain.pieces[0].index, 0u) << "a comes first";
  EXPECT_EQ(back.chain.pieces[2].index, 2u);
  EXPECT_TRUE(z3::eq(back.start, l.a));
  EXPECT_TRUE(equal.null(back.before));
  EXPECT_EQ(back.chain.length.get_numeral_int(), 3);

  std::vector<bool> none(3, false);
  const BackChain wrongNext = walkBack(l.h.memory, l.d, l.a, {kElementBytes, kNextOffset}, kPrevOffset, equal, none,
                                       takenLists, kPointerBits, atNull);
  EXPECT_TRUE(wrongNext.chain.empty()) << "d's next pointer is null, not a: d is not the element before a";
}

TEST(SymexLists, ADoublyLinkedListOfOneElementEndsWhereItStarts) {
  z3::context c;
  const smt::Term start = c.int_const("s"), end = c.int_const("e"), length = c.int_const("n");
  const smt::Term before = c.int_const("b"), last = c.int_const("l");
  Memory memory;
  memory.lists.push_back(ListSegment{start, end, length, kElementBytes, kNextOffset, nullptr, {},
                                     BackLink{kPrevOffset, before, last}, {}, {}});
  z3::solver solver(c);
  for (const smt::Term& f : memoryFacts(c, memory, kPointerBits, IntegerModel{})) solver.add(f);
  auto possible = [&](const smt::Term& f) {
    solver.push();
    solver.add(f);
    const bool sat = solver.check() == z3::sat;
    solver.pop();
    return sat;
  };
  EXPECT_FALSE(possible(length == 1 && last != start)) << "one element is both first and last";
  EXPECT_FALSE(possible(length == 0 && last != before)) << "an empty list's last is the element before it";
  EXPECT_FALSE(possible(length >= 2 && last == start)) << "two elements are disjoint";
  EXPECT_FALSE(possible(length >= 1 && last == 0)) << "the last element is allocated";
  EXPECT_TRUE(possible(length == 0 && last == 0 && before == 0));
  EXPECT_EQ(memory.lists[0].emptyFacts().size(), 3u) << "an empty doubly linked list keeps last == before";
}

TEST(SymexLists, AChainIsWithinTheRangesOnlyWhereEveryElementIsProvenWithin) {
  z3::context c;
  HandBuilt h(c);
  const smt::Term flag = c.int_const("flag");
  const smt::Term a = h.flagChain(flag).first;
  const EqualTerms equal(h.facts);
  std::vector<bool> takenBlocks(2, false), takenLists;
  const Chain chain = walkChain(h.memory, a, {kElementBytes, kNextOffset}, equal, takenBlocks, takenLists,
                                kPointerBits, [&](const smt::Term& at, size_t) { return equal.null(at); });
  ASSERT_EQ(chain.pieces.size(), 2u);
  z3::solver solver(c);
  for (const smt::Term& f : h.facts) solver.add(f);
  solver.add(flag >= 1 && flag <= 5);
  auto entails = entailedBy(solver);
  const std::vector<FieldRange> wide{FieldRange{0, 64, View::Signed, 1, 5}};
  const std::vector<FieldRange> narrow{FieldRange{0, 64, View::Signed, 1, 2}};
  EXPECT_TRUE(chainWithin(h.memory, chain, wide, equal, entails));
  EXPECT_FALSE(chainWithin(h.memory, chain, narrow, equal, entails)) << "b's flag may be 5";
  const std::vector<FieldRange> unknownField{FieldRange{4, 32, View::Signed, 0, 0}};
  EXPECT_FALSE(chainWithin(h.memory, chain, unknownField, equal, entails)) << "no element knows byte 4";
}

TEST(SymexLists, AnOwnedListIsWithinOneThatBoundsItNoLessTightly) {
  const OwnedList outer{8, 16, 0, nullptr, 1, {FieldRange{8, 64, View::Unsigned, 0, 0}}};
  OwnedList inner = outer;
  EXPECT_TRUE(ownedWithin(inner, outer));
  inner.maxLength.reset();
  EXPECT_FALSE(ownedWithin(inner, outer)) << "a list of any length is not one of at most one element";
  EXPECT_TRUE(ownedWithin(outer, inner)) << "but one of at most one element is one of any length";
  inner = outer;
  inner.ranges.clear();
  EXPECT_FALSE(ownedWithin(inner, outer)) << "unbounded fields are not bounded ones";
  inner = outer;
  inner.nextOffset = 8;
  EXPECT_FALSE(ownedWithin(inner, outer)) << "another link is another shape";
}

// The bytes of a string are entries at one address plus distinct constants, holding numerals: two of them can never
// be at one address, and a numeral lies in its type's range, so the memory's facts say nothing of such pairs, and
// every question about the state carries one fact per byte rather than one per pair. An entry at an address of its
// own still agrees with each of them.
TEST(SymexLists, AStringsBytesAddOneFactEachAndStillAgreeWithOtherEntries) {
  z3::context c;
  auto factsWithBytes = [&](unsigned bytes, std::vector<smt::Term>* out) {
    Memory memory;
    const smt::Term g = c.int_const("g");
    memory.blocks.push_back(MemoryBlock{g, g + c.int_val(bytes - 1), BlockKind::Global, 0, nullptr, true, bytes});
    for (unsigned k = 0; k < bytes; ++k)
      memory.pointsTo.push_back(PointsTo{g + c.int_val(k), c.int_val(97 + k), 8, View::Unsigned, g});
    memory.pointsTo.push_back(PointsTo{c.int_const("p"), c.int_const("v"), 8, View::Unsigned, g});
    std::vector<smt::Term> facts = memoryFacts(c, memory, kPointerBits, IntegerModel{});
    if (out) *out = facts;
    return facts.size();
  };
  const size_t few = factsWithBytes(4, nullptr);
  std::vector<smt::Term> facts;
  const size_t many = factsWithBytes(20, &facts);
  EXPECT_EQ(many - few, 2 * 16u) << "a byte adds its place in the block and its agreement with the entry at p";
  z3::solver solver(c);
  for (const smt::Term& f : facts) solver.add(f);
  const smt::Term g = c.int_const("g"), p = c.int_const("p"), v = c.int_const("v");
  EXPECT_TRUE(entailedBy(solver)(z3::implies(p == g + c.int_val(3), v == c.int_val(100))))
      << "the entry at p holds what the string holds where p points";
}

// What roots reach: a block through its next pointer, a doubly linked list from its last element as well as from
// its start, and nothing that only an unreached block points to.
TEST(SymexLists, HeapReachedFromRootsFollowsBlocksListEndsAndLinksBack) {
  z3::context c;
  HandBuilt h(c);
  const smt::Term a = h.block("a");
  const smt::Term b = h.block("b");
  const smt::Term orphan = h.block("orphan");
  const smt::Term start = c.int_const("s"), last = c.int_const("l"), length = c.int_const("len");
  h.store(a, kNextOffset, b, kPointerBits);
  h.store(b, kNextOffset, c.int_val(0), kPointerBits);
  h.store(orphan, kNextOffset, start, kPointerBits);
  h.memory.lists.push_back(ListSegment{start, c.int_val(0), length, kElementBytes, kNextOffset, nullptr, {},
                                       BackLink{0, c.int_val(0), last}, {}, {}});
  const EqualTerms equal(h.facts);
  HeapReached fromA = heapReachedFrom(h.memory, {a}, equal, kPointerBits);
  EXPECT_EQ(fromA.blocks, (std::vector<bool>{true, true, false}));
  EXPECT_EQ(fromA.lists, (std::vector<bool>{false})) << "only the orphan points to the list";
  HeapReached fromLast = heapReachedFrom(h.memory, {last}, equal, kPointerBits);
  EXPECT_EQ(fromLast.lists, (std::vector<bool>{true})) << "a doubly linked list is reached from its last element";
  EXPECT_EQ(fromLast.blocks, (std::vector<bool>{false, false, false}));
  EXPECT_FALSE(linksTo(h.memory, last, start, equal, kPointerBits)) << "linksTo follows next pointers only";
}
