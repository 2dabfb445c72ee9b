// Unit tests of the solver layer and of the symbolic execution: the bit-precise rules, memory, merging and the
// evidence. Each rule test is a program whose safety only follows if the rule is exact (or only fails to follow
// when it is sound), checked through the verdicts of symex::prove alone.
#include "report/report.h"
#include "symex/symex.h"

#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>

#include <gtest/gtest.h>

#include <map>
#include <sstream>

#include "smt/integers.h"
#include "smt/printing.h"
#include "smt/solver.h"
#include "smt/term.h"
#include "frontend/normalize.h"
#include "symex/graph.h"
#include "symex/recurrence.h"
#include "symex/transition_system.h"
#include "termination/nontermination.h"
#include "test_program.h"

namespace atropos {
namespace {

using frontend::DataModel;

Verdict proveOne(const std::string& source, Property property, DataModel model = DataModel::LP64,
                 symex::Evidence* evidence = nullptr, bool explain = false) {
  auto program = testing::compileProgram(source, model);
  if (!program) return Verdict::Unknown;
  symex::Options options;
  options.deadline = Deadline::in(std::chrono::seconds(20));
  options.explain = explain;
  options.dot = explain;
  std::vector<Outcome> outcomes = symex::prove(*program, {property}, options, evidence);
  EXPECT_EQ(outcomes.size(), 1u);
  EXPECT_NE(outcomes[0].verdict, Verdict::False) << "the symbolic execution must never refute";
  return outcomes[0].verdict;
}

std::vector<Outcome> proveUnder(const std::string& source, std::vector<Property> properties, Semantics semantics) {
  auto program = testing::compileProgram(source, DataModel::LP64);
  if (!program) return {};
  symex::Options options;
  options.deadline = Deadline::in(std::chrono::seconds(20));
  options.semantics = semantics;
  std::vector<Outcome> outcomes = symex::prove(*program, properties, options, nullptr);
  EXPECT_EQ(outcomes.size(), properties.size());
  for (const Outcome& o : outcomes) {
    if (semantics == Semantics::C || o.property != Property::Termination) {
      EXPECT_NE(o.verdict, Verdict::False) << "the symbolic execution refutes only termination, and not under c";
    }
  }
  return outcomes;
}

Verdict verdictUnder(const std::string& source, Property property, Semantics semantics) {
  std::vector<Outcome> outcomes = proveUnder(source, {property}, semantics);
  return outcomes.empty() ? Verdict::Unknown : outcomes[0].verdict;
}

TEST(Smt, EntailmentIsDecidedOverTheIntegers) {
  z3::context c;
  smt::Solver solver(c, smt::Limits{});
  smt::Term x = c.int_const("x");
  solver.push();
  solver.add(x >= 0 && x <= 10);
  EXPECT_EQ(solver.entails(x < 11), smt::Answer::Yes);
  EXPECT_EQ(solver.entails(x < 5), smt::Answer::No);
  EXPECT_EQ(solver.satisfiable(x == 11), smt::Answer::No);
  solver.pop();
  EXPECT_EQ(solver.entails(x < 11), smt::Answer::No);
}

TEST(Smt, AQuestionIsInterruptedWhenItsTimeIsUp) {
  z3::context c;
  smt::Solver solver(c, smt::Limits{100});
  smt::Term x = c.int_const("x"), y = c.int_const("y"), z = c.int_const("z");
  // 33 as a sum of three cubes needs 17-digit numbers: Z3 searches far longer than a tenth of a second for them.
  EXPECT_EQ(solver.satisfiable(x * x * x + y * y * y + z * z * z == 33), smt::Answer::Unknown);
  EXPECT_EQ(solver.interrupted(), 1u);
  EXPECT_EQ(solver.satisfiable(x * x == 49), smt::Answer::Yes) << "a question after an interrupted one is answered";
  EXPECT_EQ(solver.interrupted(), 1u);
}

TEST(Smt, ACheckThatZ3DoesNotCountResourcesForEndsAtTheWatch) {
  z3::context c;
  const smt::Limits limits{100};
  z3::solver solver = smt::makeSolver(c, smt::Procedure::Simple, limits);
  smt::Term x = c.int_const("x"), y = c.int_const("y"), z = c.int_const("z");
  // Z3's simple solver runs on for minutes here, whatever its resource limit.
  solver.add(x * x * x + y * y * y + z * z * z == 33);
  smt::QueryWatch watch(c);
  EXPECT_EQ(smt::checkLimited(watch, solver, limits), z3::unknown);
  EXPECT_EQ(watch.interrupted(), 1u);
}

TEST(Smt, EachCheckOfAWatchKeepsItsOwnLimit) {
  z3::context c;
  smt::QueryWatch watch(c);
  smt::Term x = c.int_const("x"), y = c.int_const("y"), z = c.int_const("z");
  z3::solver easy(c, z3::solver::simple());
  easy.add(x == 1);
  EXPECT_EQ(watch.check(easy, std::chrono::seconds(8)), z3::sat);
  z3::solver hard(c, z3::solver::simple());
  hard.add(x * x * x + y * y * y + z * z * z == 33);
  const auto started = std::chrono::steady_clock::now();
  EXPECT_EQ(watch.check(hard, std::chrono::milliseconds(100)), z3::unknown);
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(4))
      << "the second check ran past its own limit";
  EXPECT_EQ(watch.interrupted(), 1u);
  EXPECT_NO_THROW((x + x).simplify()) << "an interrupt must not outlast its check";
}

TEST(Smt, MachineConstantsBeyondSixtyFourBits) {
  z3::context c;
  EXPECT_EQ(smt::powerOfTwoDecimal(64), "18446744073709551616");
  EXPECT_EQ(smt::unsignedMax(c, 64).get_decimal_string(0), "18446744073709551615");
  EXPECT_EQ(smt::signedMin(c, 32).get_decimal_string(0), "-2147483648");
  EXPECT_EQ(smt::signedMax(c, 8).get_decimal_string(0), "127");
  smt::Term x = c.int_const("x");
  EXPECT_EQ(smt::infix(x + 1 <= c.int_val(5)), "(x + 1) <= 5");
}

TEST(SymexRules, UnsignedAdditionWrapsExactly) {
  EXPECT_EQ(proveOne("int main() { unsigned x = __VERIFIER_nondet_uint();\n"
                     "  if (x == 4294967295u) { x = x + 1; if (x != 0) reach_error(); }\n"
                     "  else { unsigned y = x + 1; if (y == 0) reach_error(); } return 0; }",
                     Property::UnreachCall),
            Verdict::True);
  // Without wrap-around the second branch would be provable, the first not: both must follow from the rules.
  EXPECT_EQ(proveOne("int main() { unsigned x = __VERIFIER_nondet_uint();\n"
                     "  unsigned y = x + 1; if (y < x && x != 4294967295u) reach_error(); return 0; }",
                     Property::UnreachCall),
            Verdict::True);
}

TEST(SymexRules, SignedOverflowIsAnErrorUnlessExcluded) {
  EXPECT_EQ(proveOne("int main() { int x = __VERIFIER_nondet_int(); return x + 1; }", Property::NoOverflow),
            Verdict::Unknown);
  EXPECT_EQ(proveOne("int main() { int x = __VERIFIER_nondet_int(); if (x < 100) return x + 1; return 0; }",
                     Property::NoOverflow),
            Verdict::True);
  EXPECT_EQ(proveOne("int main() { int x = __VERIFIER_nondet_int(); if (x > -5 && x < 5) return x * 1000; "
                     "return 0; }",
                     Property::NoOverflow),
            Verdict::True);
  EXPECT_EQ(proveOne("int main() { int x = __VERIFIER_nondet_int(); return -x; }", Property::NoOverflow),
            Verdict::Unknown);
}

TEST(SymexRules, ConversionsAreExact) {
  EXPECT_EQ(proveOne("int main() { int x = __VERIFIER_nondet_int();\n"
                     "  unsigned char c = (unsigned char)x; signed char s = (signed char)x;\n"
                     "  if (x == 300 && c != 44) reach_error();\n"
                     "  if (x == 200 && s != -56) reach_error();\n"
                     "  long l = x; if (x == -1 && l != -1L) reach_error();\n"
                     "  unsigned long u = (unsigned)x; if (x == -1 && u != 4294967295UL) reach_error();\n"
                     "  return 0; }",
                     Property::UnreachCall),
            Verdict::True);
}

TEST(SymexRules, DivisionTruncatesTowardsZero) {
  EXPECT_EQ(
      proveOne("int main() { int x = __VERIFIER_nondet_int();\n"
               "  if (x == -7) { if (x / 2 != -3 || x % 2 != -1) reach_error(); }\n"
               "  unsigned u = __VERIFIER_nondet_uint(); if (u == 7 && (u / 2 != 3 || u % 2 != 1)) reach_error();\n"
               "  return 0; }",
               Property::UnreachCall),
      Verdict::True);
  EXPECT_EQ(proveOne("int main() { int x = __VERIFIER_nondet_int(); int y = __VERIFIER_nondet_int();\n"
                     "  if (y != 0) return x / y; return 0; }",
                     Property::NoOverflow),
            Verdict::Unknown);  // INT_MIN / -1
}

TEST(SymexMemory, LoadsSeeWhatWasStored) {
  EXPECT_EQ(proveOne("int main() { int a[4]; int i = __VERIFIER_nondet_int();\n"
                     "  if (i < 0 || i > 3) return 0; a[i] = 5; a[(i + 1) % 4] = 6;\n"
                     "  if (a[i] != 5) reach_error(); return 0; }",
                     Property::UnreachCall),
            Verdict::True);
}

TEST(SymexMemory, BoundsAreChecked) {
  EXPECT_EQ(proveOne("int main() { int a[4]; int i = __VERIFIER_nondet_int();\n"
                     "  if (i < 0 || i > 4) return 0; a[i] = 1; return 0; }",
                     Property::ValidMemsafety),
            Verdict::Unknown);
  EXPECT_EQ(proveOne("int main() { int a[4]; int i = __VERIFIER_nondet_int();\n"
                     "  if (i < 0 || i > 3) return 0; a[i] = 1; return 0; }",
                     Property::ValidMemsafety),
            Verdict::True);
}

TEST(SymexMemory, FreeAndLeaks) {
  EXPECT_EQ(proveOne("int main() { char* p = malloc(4); if (__VERIFIER_nondet_int()) free(p); return 0; }",
                     Property::ValidMemcleanup),
            Verdict::Unknown);
  EXPECT_EQ(proveOne("int main() { char* p = malloc(4); free(p); if (__VERIFIER_nondet_int()) free(p); return 0; }",
                     Property::ValidMemsafety),
            Verdict::Unknown);
  EXPECT_EQ(proveOne("int main() { char* p = malloc(4); if (__VERIFIER_nondet_int()) p = 0; free(p); return 0; }",
                     Property::ValidMemsafety),
            Verdict::Unknown);  // leaks when p is set to 0
  EXPECT_EQ(proveOne("int main() { int n = __VERIFIER_nondet_int(); if (n < 1) return 0;\n"
                     "  char* p = malloc(n); p[n - 1] = 0; free(p); return 0; }",
                     Property::ValidMemsafety),
            Verdict::True);
}

// The evidence as report/ renders it for --explain and --dot.
std::string explained(const symex::Evidence& evidence) {
  std::ostringstream out;
  if (evidence.explanation) report::printExplanation(out, *evidence.explanation);
  return out.str();
}

std::string drawn(const symex::Evidence& evidence) {
  std::ostringstream out;
  if (evidence.graph) report::printDot(out, *evidence.graph);
  return out.str();
}

TEST(SymexMerge, LoopHeadsAreGeneralizedWithTheirInvariant) {
  symex::Evidence evidence;
  EXPECT_EQ(proveOne("int main() { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 1000) return 0;\n"
                     "  int s = 0; for (int i = 0; i < n; i++) s += 2; return s; }",
                     Property::NoOverflow, DataModel::LP64, &evidence, true),
            Verdict::True);
  ASSERT_TRUE(evidence.explanation && evidence.graph);
  const std::string explanation = explained(evidence);
  EXPECT_NE(explanation.find("loop head in main at line "), std::string::npos) << explanation;
  EXPECT_NE(explanation.find(", generalized state:\n      n <= 1000\n      0 <= i\n"), std::string::npos) << explanation;
  EXPECT_EQ(explanation.find("0 <= (n + i)"), std::string::npos) << "implied by 0 <= i and i <= n: " << explanation;
  EXPECT_NE(explanation.find("i <= n"), std::string::npos) << explanation;
  const std::string dot = drawn(evidence);
  EXPECT_NE(dot.find("digraph"), std::string::npos);
  EXPECT_NE(dot.find("merged:"), std::string::npos) << dot;
}

TEST(SymexMerge, DifferenceRelationsProveTwoCursorLoops) {
  // strcpy (seed 002, Fig. 3): dst - s1 == src - s2 must survive the merge.
  EXPECT_EQ(proveOne("char* copy(char* s1, char* s2) { char* dst = s1; char* src = s2;\n"
                     "  while ((*dst++ = *src++) != 0); return s1; }\n"
                     "int main() { int n = __VERIFIER_nondet_int(); int m = __VERIFIER_nondet_int();\n"
                     "  if (n < 1 || m < 1 || m > n) return 0;\n"
                     "  char* d = malloc(n); char* s = malloc(m); s[m - 1] = 0; copy(d, s);\n"
                     "  free(d); free(s); return 0; }",
                     Property::ValidMemsafety),
            Verdict::True);
}

// A list kept in a header of its first and last element, appended to through the last: after two appends the state
// has a segment from `first` up to `last`, and the list at `last`.
std::string listWithHeader(const std::string& freeLoopCondition) {
  return "struct node { int data; struct node *next; };\n"
         "struct list { struct node *first; struct node *last; int appended; };\n"
         "void append(struct list *l, int data) { struct node *n = malloc(sizeof *n); n->data = data; n->next = 0;\n"
         "  if (!l->first && !l->last) { l->first = n; l->last = n; return; }\n"
         "  l->last->next = n; l->last = n; }\n"
         "int main() { struct list *l = malloc(sizeof *l); l->first = 0; l->last = 0; l->appended = 0;\n"
         "  int n = __VERIFIER_nondet_int(); for (int i = 0; i < n; i++) { append(l, i); l->appended = i + 1; }\n"
         "  struct node *c = l->first; while (" + freeLoopCondition + ") { struct node *x = c->next; free(c); c = x; }\n"
         "  free(l); return 0; }";
}

TEST(SymexMerge, AListAppendedThroughItsHeaderKeepsItsFirstElement) {
  EXPECT_EQ(proveOne(listWithHeader("c"), Property::ValidMemsafety), Verdict::True);
  // Freed up to the last element only: the last element is lost with the header, which a segment up to `last` that
  // took the last element too would hide.
  EXPECT_NE(proveOne(listWithHeader("c != l->last"), Property::ValidMemcleanup), Verdict::True);
}

TEST(SymexGraph, SameInputSameEvidence) {
  const char* source =
      "int main() { int n = __VERIFIER_nondet_int(); if (n < 1 || n > 50) return 0;\n"
      "  int* a = malloc(n * sizeof(int)); for (int i = 0; i < n; i++) a[i] = i; free(a); return 0; }";
  symex::Evidence first, second;
  EXPECT_EQ(proveOne(source, Property::ValidMemsafety, DataModel::ILP32, &first, true), Verdict::True);
  EXPECT_EQ(proveOne(source, Property::ValidMemsafety, DataModel::ILP32, &second, true), Verdict::True);
  EXPECT_EQ(explained(first), explained(second));
  EXPECT_EQ(drawn(first), drawn(second));
}

// A graph cut short says at which loop it grew and what the heap held there, so that a user sees which structure the
// folds did not summarize. Line 15 is the source's line 3, after compileProgram's twelve lines of declarations.
TEST(SymexGraph, AGraphCutShortNamesTheLoopWhereItGrew) {
  const char* source =
      "struct node { struct node* next; int v; };\n"
      "int main() { struct node* head = 0;\n"
      "  while (__VERIFIER_nondet_int()) {\n"
      "    struct node* n = malloc(sizeof(struct node)); if (!n) return 0;\n"
      "    n->next = head; n->v = 0; head = n; }\n"
      "  return 0; }";
  auto program = testing::compileProgram(source, DataModel::LP64);
  ASSERT_TRUE(program);
  symex::Options options;
  options.deadline = Deadline::in(std::chrono::seconds(20));
  options.maxNodes = 30;
  std::vector<Outcome> outcomes = symex::prove(*program, {Property::ValidMemsafety}, options, nullptr);
  ASSERT_EQ(outcomes.size(), 1u);
  EXPECT_EQ(outcomes[0].verdict, Verdict::Unknown);
  EXPECT_NE(outcomes[0].reason.find("size limit (the graph grew most at the loop head at line 15: "), std::string::npos)
      << outcomes[0].reason;
  EXPECT_NE(outcomes[0].reason.find(" outside lists and "), std::string::npos) << outcomes[0].reason;
}

// An error state that a merge's lost heap may have let in says which merge lost it: a tree, which no list describes,
// grown at a leaf that a walk from the root chooses. Line 15 is the source's line 3.
TEST(SymexGraph, AnErrorBelowAMergeThatLostHeapNamesThatMerge) {
  const char* source =
      "struct tree { struct tree *left, *right; };\n"
      "int main() { struct tree *root = malloc(sizeof *root); if (!root) return 0; root->left = root->right = 0;\n"
      "  while (__VERIFIER_nondet_int()) { struct tree *n = root;\n"
      "    while (__VERIFIER_nondet_int()) { struct tree *next = __VERIFIER_nondet_int() ? n->left : n->right;\n"
      "      if (!next) break; n = next; }\n"
      "    struct tree *fresh = malloc(sizeof *fresh); if (!fresh) return 0; fresh->left = fresh->right = 0;\n"
      "    if (!n->left) n->left = fresh; else if (!n->right) n->right = fresh; else free(fresh); }\n"
      "  return 0; }";
  auto program = testing::compileProgram(source, DataModel::LP64);
  ASSERT_TRUE(program);
  symex::Options options;
  options.deadline = Deadline::in(std::chrono::seconds(20));
  std::vector<Outcome> outcomes = symex::prove(*program, {Property::ValidMemsafety}, options, nullptr);
  ASSERT_EQ(outcomes.size(), 1u);
  EXPECT_EQ(outcomes[0].verdict, Verdict::Unknown);
  EXPECT_NE(outcomes[0].reason.find("could not exclude invalid dereference: a read of n->left"), std::string::npos)
      << outcomes[0].reason;
  EXPECT_NE(outcomes[0].reason.find("; above it, the merge at the loop head in main at line 15 lost track of heap "
                                    "blocks that no list it made describes"),
            std::string::npos)
      << outcomes[0].reason;
}

// ---- readings of integer arithmetic ------------------------------------------------------------------------

const char* const kSumOfCountdown =
    "int main() { int n = __VERIFIER_nondet_int(); int sum = 0;\n"
    "  while (n > 0) { sum = sum + n; n = n - 1; } return sum > 0; }";

TEST(SymexReadings, ASumThatMayOverflowTerminatesOnlyOverUnboundedIntegers) {
  EXPECT_EQ(verdictUnder(kSumOfCountdown, Property::Termination, Semantics::C), Verdict::Unknown);
  EXPECT_EQ(verdictUnder(kSumOfCountdown, Property::Termination, Semantics::SvComp), Verdict::True);
  EXPECT_EQ(verdictUnder(kSumOfCountdown, Property::Termination, Semantics::TermComp), Verdict::True);
}

TEST(SymexReadings, NoOverflowIsDecidedInCUnderEveryReading) {
  std::vector<Outcome> outcomes =
      proveUnder(kSumOfCountdown, {Property::Termination, Property::NoOverflow}, Semantics::SvComp);
  ASSERT_EQ(outcomes.size(), 2u);
  EXPECT_EQ(outcomes[0].property, Property::Termination);
  EXPECT_EQ(outcomes[0].verdict, Verdict::True);
  EXPECT_EQ(outcomes[1].property, Property::NoOverflow);
  EXPECT_EQ(outcomes[1].verdict, Verdict::Unknown);
}

// Over unbounded integers INT_MAX + 1 is 2^31, which is no int: range facts of the C type must not survive.
TEST(SymexReadings, AnUnboundedResultLeavesItsTypesRange) {
  const char* exceeds =
      "int main() { int x = __VERIFIER_nondet_int(); if (x != 2147483647) return 0;\n"
      "  int y = x + 1; if (y > 2147483647) reach_error(); return 0; }";
  EXPECT_NE(verdictUnder(exceeds, Property::UnreachCall, Semantics::SvComp), Verdict::True);
  const char* notNegative =
      "int main() { int x = __VERIFIER_nondet_int(); if (x != 2147483647) return 0;\n"
      "  int y = x + 1; if (y < 0) reach_error(); return 0; }";
  EXPECT_EQ(verdictUnder(notNegative, Property::UnreachCall, Semantics::SvComp), Verdict::True);
}

// `(unsigned)y == 2147483648u` and `y == INT_MIN` are the same instruction in the IR, and differ for y = 2^31:
// an equality of such a value decides nothing it cannot decide in both readings.
TEST(SymexReadings, AnEqualityOfAnUnboundedValueHoldsInBothReadings) {
  const char* asUnsigned =
      "int main() { int x = __VERIFIER_nondet_int(); if (x != 2147483647) return 0;\n"
      "  unsigned u = x + 1; if (u == 2147483648u) reach_error(); return 0; }";
  EXPECT_NE(verdictUnder(asUnsigned, Property::UnreachCall, Semantics::SvComp), Verdict::True);
  const char* differentRemainders =
      "int main() { int x = __VERIFIER_nondet_int(); if (x != 2147483647) return 0;\n"
      "  int y = x + 1; if (y == 5) reach_error(); return 0; }";
  EXPECT_EQ(verdictUnder(differentRemainders, Property::UnreachCall, Semantics::SvComp), Verdict::True);
}

// A value outside its range that flows into a parameter (or memory) keeps its mathematical value there; a
// conversion to unsigned takes its remainder.
TEST(SymexReadings, UnboundedValuesKeepTheirValueAcrossCallsAndMemory) {
  const char* parameter =
      "int isZero(int v) { return v == 0; }\n"
      "int main() { int x = __VERIFIER_nondet_int(); if (x != 2147483647) return 0;\n"
      "  int y = x + x + 2; if (!isZero(y)) reach_error(); return 0; }";
  EXPECT_NE(verdictUnder(parameter, Property::UnreachCall, Semantics::SvComp), Verdict::True);
  const char* memory =
      "int g; int main() { int x = __VERIFIER_nondet_int(); if (x != 2147483647) return 0;\n"
      "  g = x + 1; if (g > 2147483647) reach_error(); return 0; }";
  EXPECT_NE(verdictUnder(memory, Property::UnreachCall, Semantics::SvComp), Verdict::True);
  const char* remainder =
      "int main() { int x = __VERIFIER_nondet_int(); if (x != 2147483647) return 0;\n"
      "  unsigned u = x + 1; if (u > 2147483648u) reach_error(); return 0; }";
  EXPECT_EQ(verdictUnder(remainder, Property::UnreachCall, Semantics::SvComp), Verdict::True);
}

TEST(SymexReadings, UnsignedArithmeticIsExactUnderTermcomp) {
  const char* climb =
      "int main() { unsigned u = __VERIFIER_nondet_uint(); while (u > 10) u = u + 1; return 0; }";
  EXPECT_EQ(verdictUnder(climb, Property::Termination, Semantics::TermComp), Verdict::False);
  const char* bounded =
      "int main() { unsigned n = __VERIFIER_nondet_uint(); for (unsigned k = 0; k < n; k++) {} return 0; }";
  EXPECT_EQ(verdictUnder(bounded, Property::Termination, Semantics::TermComp), Verdict::True);
  // 0u - 1 is -1: the countdown leaves `i >= 0` below 0, where C's wraps around to 4294967295 and goes on; and it
  // never leaves `n <= 5`, which C's leaves at the wrap-around.
  const char* belowZero = "int main() { unsigned i = __VERIFIER_nondet_uint(); while (i >= 0) i = i - 1; return 0; }";
  EXPECT_EQ(verdictUnder(belowZero, Property::Termination, Semantics::TermComp), Verdict::True);
  EXPECT_EQ(verdictUnder(belowZero, Property::Termination, Semantics::SvComp), Verdict::False);
  const char* neverBelowZero =
      "int main() { unsigned n = __VERIFIER_nondet_uint(); while (n <= 5) n = n - 1; return 0; }";
  EXPECT_EQ(verdictUnder(neverBelowZero, Property::Termination, Semantics::SvComp), Verdict::True);
  EXPECT_NE(verdictUnder(neverBelowZero, Property::Termination, Semantics::TermComp), Verdict::True);
}

// The only ranking function of the loop is 2147483647 - prev (y may only grow): a bound of int's range, which the
// values drawn have under svcomp and not under termcomp, where 1, 2, 3, ... may be drawn for ever. (The variants
// with an unsigned value, uninitialized memory and a heap cell are program tests, tests/programs/semantics.)
TEST(SymexReadings, TermcompProofsUseNoBoundOfATypesRange) {
  const char* drawn =
      "int main() { int y = __VERIFIER_nondet_int(), prev = 0;\n"
      "  while (y > prev) { prev = y; y = __VERIFIER_nondet_int(); } return 0; }";
  EXPECT_EQ(verdictUnder(drawn, Property::Termination, Semantics::SvComp), Verdict::True);
  EXPECT_NE(verdictUnder(drawn, Property::Termination, Semantics::TermComp), Verdict::True);
  const char* countdown = "int main() { int x = __VERIFIER_nondet_int(); while (x > 0) x = x - 1; return 0; }";
  EXPECT_EQ(verdictUnder(countdown, Property::Termination, Semantics::TermComp), Verdict::True);
}

// C keeps a narrowed value's low bits; termcomp keeps the value where the narrower type holds it, and beyond any
// value stands for it (so a proof holds whatever C makes of it): here the countdown's char arithmetic may then leave
// the type again, and no ranking function is found.
TEST(SymexReadings, ANarrowingConversionKeepsTheValueUnderTermcomp) {
  const char* unbounded =
      "int main() { int x = __VERIFIER_nondet_int(); signed char c = x; while (c > 0) c = c - 1; return 0; }";
  EXPECT_EQ(verdictUnder(unbounded, Property::Termination, Semantics::SvComp), Verdict::True);
  EXPECT_NE(verdictUnder(unbounded, Property::Termination, Semantics::TermComp), Verdict::True);
  const char* held =
      "int main() { int x = __VERIFIER_nondet_int(); if (x < 0 || x > 100) return 0;\n"
      "  signed char c = x; while (c > 0) c = c - 1; return 0; }";
  EXPECT_EQ(verdictUnder(held, Property::Termination, Semantics::TermComp), Verdict::True);
}

// `u = 4294967295u` and `x = -1` are the same bits in the IR, which keeps no literal's C type (and mem2reg carries a
// constant across conversions): under termcomp such a constant may be either number, the same one at every visit.
TEST(SymexReadings, AConstantWhoseBitsReadAsTwoNumbersMayBeEitherUnderTermcomp) {
  const char* unsignedVariable =
      "int main() { unsigned u = 4294967295u; while (u > 10) u = u + 1; return 0; }";
  EXPECT_NE(verdictUnder(unsignedVariable, Property::Termination, Semantics::TermComp), Verdict::True);
  const char* unsignedGlobal = "unsigned g = 4294967295u; int main() { while (g > 10) g = g + 1; return 0; }";
  EXPECT_NE(verdictUnder(unsignedGlobal, Property::Termination, Semantics::TermComp), Verdict::True);
  // x = u keeps 4294967295 in x, where the IR reads -1.
  const char* throughAConversion =
      "int main() { unsigned u = 4294967295u; int x = u; while (x > 10) x = x + 1; return 0; }";
  EXPECT_NE(verdictUnder(throughAConversion, Property::Termination, Semantics::TermComp), Verdict::True);
  const char* eitherEnds = "int main() { int x = -1; while (x < 10) x = x + 1; return 0; }";
  EXPECT_EQ(verdictUnder(eitherEnds, Property::Termination, Semantics::TermComp), Verdict::True);
  const char* comparedWithAnUnsigned =
      "int main() { unsigned u = __VERIFIER_nondet_uint(); if (u != 4294967295u) return 0;\n"
      "  while (u > 10) u = u + 1; return 0; }";
  EXPECT_NE(verdictUnder(comparedWithAnUnsigned, Property::Termination, Semantics::TermComp), Verdict::True);
}

// Under termcomp an integer converted to a pointer, or read from memory as one, may be no address: a proof must
// exclude it, not assume it away.
TEST(SymexReadings, AnIntegerUsedAsAPointerMayBeNoAddressUnderTermcomp) {
  const char* converted =
      "int main() { long x = __VERIFIER_nondet_long(); while (x < 0) { char *p = (char *)x; x = x - 1; }\n"
      "  return 0; }";
  EXPECT_NE(verdictUnder(converted, Property::Termination, Semantics::TermComp), Verdict::True);
}

TEST(SymexReadings, ReachErrorEndsTheProgramForTermination) {
  const char* program =
      "int main() { int x = __VERIFIER_nondet_int(); if (x > 5) reach_error();\n"
      "  while (x > 0) x = x - 1; return 0; }";
  EXPECT_EQ(verdictUnder(program, Property::Termination, Semantics::C), Verdict::True);
}

// `unsigned u = x + 1; int y = u;` is no instruction: a signed operation on the value may read it either way.
TEST(SymexReadings, AValueConvertedToUnsignedAndBackMayBeItsRemainder) {
  const char* throughUnsigned =
      "int main() { int x = __VERIFIER_nondet_int(); if (x != 2147483647) return 0;\n"
      "  unsigned u = x + 1; int y = u; if (y < 0) reach_error(); return 0; }";
  EXPECT_NE(verdictUnder(throughUnsigned, Property::UnreachCall, Semantics::SvComp), Verdict::True);
  const char* throughParameter =
      "int negative(unsigned u) { int y = u; return y < 0; }\n"
      "int main() { int x = __VERIFIER_nondet_int(); if (x != 2147483647) return 0;\n"
      "  if (negative(x + 1)) reach_error(); return 0; }";
  EXPECT_NE(verdictUnder(throughParameter, Property::UnreachCall, Semantics::SvComp), Verdict::True);
}

TEST(SymexReadings, AShiftOfAnUnboundedValueIsUnboundedToo) {
  const char* shifted =
      "int main() { int x = __VERIFIER_nondet_int(); if (x < 0) return 0;\n"
      "  int y = (4 * x) >> 1; if (x >= 1073741824) reach_error(); return y; }";
  EXPECT_NE(verdictUnder(shifted, Property::UnreachCall, Semantics::SvComp), Verdict::True);
}

// A reach_error whose body returns does not end the program: what follows still counts.
TEST(SymexReadings, AReachErrorThatReturnsDoesNotEndTheProgram) {
  const char* returns =
      "void reach_error(void) {}\n"
      "int main() { int x = __VERIFIER_nondet_int(); if (x > 0) reach_error(); while (x > 0) {} return 0; }";
  EXPECT_NE(verdictUnder(returns, Property::Termination, Semantics::C), Verdict::True);
  const char* aborts =
      "extern void abort(void); void reach_error(void) { abort(); }\n"
      "int main() { int x = __VERIFIER_nondet_int(); if (x > 0) reach_error(); while (x > 0) {} return 0; }";
  EXPECT_EQ(verdictUnder(aborts, Property::Termination, Semantics::C), Verdict::True);
}

TEST(SymexReadings, HeapLeftWhenReachErrorAbortsBlocksTheMemoryProofs) {
  const char* leaks =
      "#include <stdlib.h>\n"
      "int main() { int *p = malloc(4); if (__VERIFIER_nondet_int()) reach_error(); free(p); return 0; }";
  EXPECT_NE(verdictUnder(leaks, Property::ValidMemcleanup, Semantics::C), Verdict::True);
}

// The loop invariants a TRUE carries: C text over the variables in scope, holding what each variable holds there.
std::string invariantsOf(const std::string& source) {
  std::vector<Outcome> outcomes = proveUnder(source, {Property::NoOverflow}, Semantics::C);
  if (outcomes.empty() || outcomes[0].verdict != Verdict::True) return "(not proven)";
  std::string out;
  for (const LoopInvariant& inv : outcomes[0].invariants)
    out += std::to_string(inv.head.line) + ": " + inv.expression + "\n";
  return out;
}

TEST(SymexInvariants, ACountingLoopIsBoundedByItsLimit) {
  const std::string text = invariantsOf(
      "int main() { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 100) return 0;\n"
      "  int i = 0;\n"
      "  while (i < n) i++;\n"
      "  return i; }");
  EXPECT_NE(text.find("i <= n"), std::string::npos) << text;
  EXPECT_NE(text.find("i >= 0"), std::string::npos) << text;
}

TEST(SymexInvariants, AVariableAssignedAgainSpeaksOfItsNewValue) {
  // n's old value (>= 10) lives on in m; at the loop n holds 0, 1, ...: no fact of the old n may be said of it.
  const std::string text = invariantsOf(
      "int main() { int n = __VERIFIER_nondet_int(); if (n < 10 || n > 1000) return 0;\n"
      "  int m = n; n = 0;\n"
      "  while (n < m) n++;\n"
      "  return n; }");
  EXPECT_NE(text.find("n <= m"), std::string::npos) << text;
  EXPECT_EQ(text.find("n >= 10"), std::string::npos) << text;
  EXPECT_EQ(text.find("10 <= n"), std::string::npos) << text;
}

TEST(SymexInvariants, FactsTheTypesImplyAreLeftOut) {
  const std::string text = invariantsOf(
      "extern unsigned __VERIFIER_nondet_uint(void);\n"
      "int main() { unsigned u = __VERIFIER_nondet_uint(); unsigned j = 0;\n"
      "  while (j < u) j++;\n"
      "  return 0; }");
  EXPECT_NE(text.find("j <= u"), std::string::npos) << text;
  EXPECT_EQ(text.find("j >= 0"), std::string::npos) << text;  // an unsigned value is never negative
  EXPECT_EQ(text.find("(long long)"), std::string::npos) << text;
}

TEST(SymexInvariants, TheInvariantThatExcludedAnErrorIsStatedWithoutItsDisjunctions) {
  // The merged heads do not exclude the overflow of k + 1; the Horn clauses' invariant does, and holds at every
  // head: its facts join the facts there, but not its disjunctions (true, but a re-proof of the stated invariant
  // would have to find the whole inductive invariant again).
  const std::string text = invariantsOf(
      "int main() { int i, j, k, n = __VERIFIER_nondet_int(), m = __VERIFIER_nondet_int(), N = __VERIFIER_nondet_int();\n"
      "  if (0 <= n && 0 <= m && 0 <= N) {\n"
      "    i = 0;\n"
      "    while (i < n) {\n"
      "      j = 0;\n"
      "      while (j < m) {\n"
      "        j = j + 1; k = i;\n"
      "        while (k < N - 1) k = k + 1;\n"
      "        i = k; }\n"
      "      i = i + 1; } }\n"
      "  return 0; }");
  EXPECT_NE(text.find("((long long)n - (long long)i) >= -2147483646"), std::string::npos) << text;
  EXPECT_EQ(text.find("||"), std::string::npos) << text;
}

// An UNKNOWN names what an access it could not show safe reads or writes, in C: through a named pointer (`*q`), a
// member of the struct it points to (`p->next`), a member of the struct a member points to, and members of arrays and
// nested structs (`e->keys[2]`, `e->link.prev`).
TEST(SymexProgramIndex, AnAccessIsNamedInCThroughPointersAndMembers) {
  const char* source =
      "struct node { struct node *next; int data; };\n"
      "int member(struct node *p) { return p->next->data; }\n"
      "int pointee(int *q) { return *q; }\n"
      "struct link { struct node *next, *prev; };\n"
      "struct entry { int keys[3]; struct link link; };\n"
      "int nested(struct entry *e) { return e->keys[2] + (e->link.prev != 0); }\n"
      "int main() { return 0; }";
  auto program = testing::compileProgram(source, DataModel::LP64);
  ASSERT_TRUE(program);
  auto module = frontend::normalizedCopy(*program);
  symex::ProgramIndex index(*module);
  auto accessesIn = [&](const char* function) {
    std::vector<std::string> texts;
    for (const llvm::BasicBlock& block : *module->getFunction(function))
      for (const llvm::Instruction& i : block)
        if (auto* load = llvm::dyn_cast<llvm::LoadInst>(&i))
          texts.push_back(index.accessedThrough(load->getPointerOperand()));
    return texts;
  };
  EXPECT_EQ(accessesIn("member"), (std::vector<std::string>{"p->next", "p->next->data"}));
  EXPECT_EQ(accessesIn("pointee"), (std::vector<std::string>{"*q"}));
  // Into arrays and nested structs, down to the scalar member at the offset.
  EXPECT_EQ(accessesIn("nested"), (std::vector<std::string>{"e->keys[2]", "e->link.prev"}));
}

// A branch before the loop gives two paths to its head: the one explored first merges there into a state that
// represents the other's second visit (i == 1 within 1 <= i <= n), which then generalizes to it instead of merging
// with its own first visit and running the loop again. The graph stays one of every execution: the verdicts hold.
TEST(SymexGraph, AVisitOfAnotherPathGeneralizesToTheStateMergedThere) {
  const char* source =
      "int main() { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 1000) return 0; int i = 0;\n"
      "  if (__VERIFIER_nondet_int()) i = 1;\n"
      "  while (i < n) i = i + 1; return 0; }";
  auto program = testing::compileProgram(source, DataModel::LP64);
  ASSERT_TRUE(program);
  auto module = frontend::normalizedCopy(*program);
  z3::context context;
  symex::ProgramIndex index(*module);
  const llvm::Function* main = module->getFunction("main");
  ASSERT_TRUE(main);
  symex::GraphLimits limits;
  limits.deadline = Deadline::in(std::chrono::seconds(20));
  const symex::Graph graph = symex::buildGraph(*main, *module, index, context, limits);
  ASSERT_TRUE(graph.complete) << graph.incompleteReason;
  auto isAncestor = [&](int ancestor, int of) {
    for (int n = graph.nodes[of].parent; n >= 0; n = graph.nodes[n].parent)
      if (n == ancestor) return true;
    return false;
  };
  size_t elsewhere = 0;
  for (size_t id = 0; id < graph.nodes.size(); ++id) {
    const symex::Node& node = graph.nodes[id];
    // A visit that closes its cycle generalizes to an ancestor; a state merged into a new one, to that one, which
    // hangs below it. Neither is another path.
    const int at = static_cast<int>(id);
    if (node.status != symex::Node::Status::Generalized || isAncestor(node.generalization, at) ||
        isAncestor(at, node.generalization))
      continue;
    const symex::Node& general = graph.nodes[node.generalization];
    ASSERT_NE(general.status, symex::Node::Status::Removed) << "node " << id << " generalizes to a removed state";
    EXPECT_TRUE(general.mergeResult);
    EXPECT_EQ(general.state.top().next, node.state.top().next) << "the same loop head";
    ++elsewhere;
  }
  EXPECT_EQ(elsewhere, 1u) << "the second path's second visit is represented by the first path's merged state";
  EXPECT_EQ(verdictUnder(source, Property::Termination, Semantics::C), Verdict::True);
  EXPECT_EQ(verdictUnder(source, Property::NoOverflow, Semantics::C), Verdict::True);
}

// Under termcomp the symbolic execution refutes termination only with a recurrent set that the program's own loop
// body keeps: the graph's system reads the float comparison as a new value at every iteration, so `x > 0` is closed
// on the system (the branch that adds 1 may always be taken), but f stays above 0.5 and the program subtracts 1.
TEST(SymexRecurrence, ASetClosedOnlyOnTheSystemIsRefused) {
  const char* source =
      "int main() { int x = __VERIFIER_nondet_int(); float f = __VERIFIER_nondet_float();\n"
      "  if (!(f > 0.5f)) return 0;\n"
      "  while (x > 0) { if (f > 0.5f) x = x - 1; else x = x + 1; } return 0; }";
  auto program = testing::compileProgram(source, DataModel::LP64);
  ASSERT_TRUE(program);
  z3::context context;
  symex::ProgramIndex index(*program->module, symex::IntegerModel{true, true});
  const llvm::Function* main = program->module->getFunction("main");
  ASSERT_TRUE(main);
  symex::GraphLimits limits;
  limits.deadline = Deadline::in(std::chrono::seconds(20));
  const symex::Graph graph = symex::buildGraph(*main, *program->module, index, context, limits);
  ASSERT_TRUE(graph.complete);
  const symex::GraphSystem system = symex::cyclesOf(graph, index, context, limits.deadline);
  termination::NonTerminationOptions search;
  search.deadline = limits.deadline;
  EXPECT_FALSE(termination::closedSets(system.its, context, search).empty()) << "closed on the system";
  symex::RecurrenceOptions options;
  options.deadline = limits.deadline;
  EXPECT_FALSE(symex::findProgramRecurrence(graph, system, *main, *program->module, index, context, options));
  EXPECT_NE(verdictUnder(source, Property::Termination, Semantics::TermComp), Verdict::False);
}

// The same loop with the choice drawn at every iteration never ends when the draws always add 1: the set is closed
// under the body for some values drawn, and the execution that draws 1 first reaches it.
TEST(SymexRecurrence, ASetTheBodyKeepsForSomeDrawsIsAProof) {
  const char* source =
      "int main() { int x = __VERIFIER_nondet_int();\n"
      "  while (x > 0) { if (__VERIFIER_nondet_int()) x = x - 1; else x = x + 1; } return 0; }";
  EXPECT_EQ(verdictUnder(source, Property::Termination, Semantics::TermComp), Verdict::False);
}

// Under svcomp the draws fit their types, and the refutation carries what the driver replays in C: the stem's bit
// patterns and the set in C at the loop head. Under c nothing is refuted: the counter overflows.
TEST(SymexRecurrence, UnderSvcompTheRefutationCarriesItsStemAndItsSetInC) {
  const char* source =
      "int main() { int k = __VERIFIER_nondet_int();\n"
      "  while (k > 7) k = k + 2;\n"
      "  return 0; }";
  std::vector<Outcome> outcomes = proveUnder(source, {Property::Termination}, Semantics::SvComp);
  ASSERT_EQ(outcomes.size(), 1u);
  const Outcome& o = outcomes[0];
  ASSERT_EQ(o.verdict, Verdict::False) << o.reason;
  ASSERT_TRUE(o.counterexample);
  ASSERT_EQ(o.counterexample->inputs.size(), 1u);
  const int32_t drawn = static_cast<int32_t>(static_cast<uint32_t>(o.counterexample->inputs[0].value));
  EXPECT_GT(drawn, 7);
  ASSERT_TRUE(o.counterexample->recurrence);
  EXPECT_TRUE(o.counterexample->recurrence->head.known());
  EXPECT_EQ(o.counterexample->recurrence->head.function, "main");
  EXPECT_EQ(o.counterexample->recurrence->states, std::vector<std::string>{"k > 7"});
  EXPECT_EQ(o.counterexample->loopInputsStart, std::optional<size_t>(1));
  EXPECT_NE(verdictUnder(source, Property::Termination, Semantics::C), Verdict::False);
}

// The values C variables hold at a call, from the debug records: the block a variable was overwritten away from is
// no variable's, though the call's value is still computed, and a value one path of two recorded is not held after
// they join (only a phi that joins them could be).
TEST(SymexProgramIndex, VariablesHoldOnlyTheValuesTheirLastRecordsGive) {
  const char* source =
      "#include <stdlib.h>\n"
      "int main() { int *kept = malloc(4); int *dropped = malloc(4); if (!kept || !dropped) return 0;\n"
      "  *dropped = 1; dropped = 0;\n"
      "  int *joined = kept; if (__VERIFIER_nondet_int()) joined = malloc(8);\n"
      "  if (__VERIFIER_nondet_int()) return 1;\n"
      "  abort(); }";
  auto program = testing::compileProgram(source, DataModel::LP64);
  ASSERT_TRUE(program);
  // The symbolic execution's module, in SSA form.
  std::unique_ptr<llvm::Module> module = frontend::normalizedCopy(*program);
  symex::ProgramIndex index(*module, symex::IntegerModel{true, true});
  const llvm::Function* main = module->getFunction("main");
  ASSERT_TRUE(main);
  // Each variable's recorded values that are program values, in the order of the records.
  std::map<std::string, std::vector<const llvm::Value*>> recorded;
  const llvm::Instruction* abortCall = nullptr;
  for (const llvm::BasicBlock& b : *main)
    for (const llvm::Instruction& i : b) {
      if (auto* record = llvm::dyn_cast<llvm::DbgValueInst>(&i)) {
        const llvm::Value* v = record->getVariableLocationOp(0);
        if (v && llvm::isa<llvm::Instruction>(v)) recorded[record->getVariable()->getName().str()].push_back(v);
      }
      if (auto* call = llvm::dyn_cast<llvm::CallInst>(&i);
          call && call->getCalledFunction() && call->getCalledFunction()->getName() == "abort" &&
          call->getParent() != &main->getEntryBlock())
        abortCall = call;
    }
  ASSERT_TRUE(abortCall);
  ASSERT_EQ(recorded["kept"].size(), 1u);
  ASSERT_EQ(recorded["dropped"].size(), 1u);
  ASSERT_GE(recorded["joined"].size(), 2u) << "kept's block first, the third in one branch";
  const std::vector<unsigned> held = index.variableValuesBefore(abortCall);
  auto holds = [&](const llvm::Value* v) {
    return std::find(held.begin(), held.end(), index.valueId(v)) != held.end();
  };
  EXPECT_TRUE(holds(recorded["kept"][0]));
  EXPECT_FALSE(holds(recorded["dropped"][0])) << "dropped was overwritten with null";
  for (const llvm::Value* v : recorded["joined"]) {
    if (v != recorded["kept"][0] && !llvm::isa<llvm::PHINode>(v)) {
      EXPECT_FALSE(holds(v)) << "joined holds the third block on one path only";
    }
  }
}

}  // namespace
}  // namespace atropos
