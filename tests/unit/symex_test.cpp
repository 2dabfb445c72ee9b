// Unit tests of the solver layer and of the symbolic execution: the bit-precise rules, memory, merging and the
// evidence. Each rule test is a program whose safety only follows if the rule is exact (or only fails to follow
// when it is sound), checked through the verdicts of symex::prove alone.
#include "symex/symex.h"

#include <gtest/gtest.h>

#include "smt/integers.h"
#include "smt/printing.h"
#include "smt/solver.h"
#include "smt/term.h"
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

TEST(SymexMerge, LoopHeadsAreGeneralizedWithTheirInvariant) {
  symex::Evidence evidence;
  EXPECT_EQ(proveOne("int main() { int n = __VERIFIER_nondet_int(); if (n < 0 || n > 1000) return 0;\n"
                     "  int s = 0; for (int i = 0; i < n; i++) s += 2; return s; }",
                     Property::NoOverflow, DataModel::LP64, &evidence, true),
            Verdict::True);
  EXPECT_NE(evidence.explanation.find("loop head"), std::string::npos) << evidence.explanation;
  EXPECT_NE(evidence.explanation.find("i <= n"), std::string::npos) << evidence.explanation;
  EXPECT_NE(evidence.dot.find("digraph"), std::string::npos);
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

TEST(SymexGraph, SameInputSameEvidence) {
  const char* source =
      "int main() { int n = __VERIFIER_nondet_int(); if (n < 1 || n > 50) return 0;\n"
      "  int* a = malloc(n * sizeof(int)); for (int i = 0; i < n; i++) a[i] = i; free(a); return 0; }";
  symex::Evidence first, second;
  EXPECT_EQ(proveOne(source, Property::ValidMemsafety, DataModel::ILP32, &first, true), Verdict::True);
  EXPECT_EQ(proveOne(source, Property::ValidMemsafety, DataModel::ILP32, &second, true), Verdict::True);
  EXPECT_EQ(first.explanation, second.explanation);
  EXPECT_EQ(first.dot, second.dot);
}

}  // namespace
}  // namespace atropos
