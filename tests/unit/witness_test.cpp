// Unit tests of the witness component: where its locations point in the source (the format's rules: a nondet
// value at the `)` of its call, the target at the first character of the full expression that violates) and what a
// violation witness holds.
#include "witness/source_text.h"
#include "witness/witness.h"

#include <gtest/gtest.h>

namespace atropos::witness {
namespace {

// The position of the n-th (from 0) occurrence of `what` in `text`.
Position find(const std::string& text, const std::string& what, int n = 0) {
  size_t at = text.find(what);
  for (int k = 0; k < n && at != std::string::npos; ++k) at = text.find(what, at + 1);
  Position p{1, 1};
  for (size_t i = 0; i < at; ++i) {
    if (text[i] == '\n') {
      ++p.line;
      p.column = 1;
    } else {
      ++p.column;
    }
  }
  return p;
}

TEST(SourceText, TheCallsClosingParenthesis) {
  const std::string c = "int main(void) {\n  int a = __VERIFIER_nondet_int( /* ( */ );\n  f(g(1), \")\");\n}\n";
  const SourceText text(c);
  EXPECT_EQ(text.closingParenthesisOfCall(find(c, "__VERIFIER")), find(c, ");"));
  EXPECT_EQ(text.closingParenthesisOfCall(find(c, "f(")), find(c, ");", 1));
  EXPECT_EQ(text.closingParenthesisOfCall(find(c, "int a")), std::nullopt);  // no call starts there
}

TEST(SourceText, TheOperandOfAReturnIsTheFullExpression) {
  const std::string c = "static int average(int a, int b) { return (a + b) / 2; }\n";
  EXPECT_EQ(SourceText(c).fullExpressionStart(find(c, "+")), find(c, "(a + b)"));
}

TEST(SourceText, AConditionIsAFullExpressionAndTheStatementAfterItAnother) {
  const std::string c = "void f(int m) {\n  if (m + 1 < 0) reach_error();\n  while (g(m * 2)) m--;\n}\n";
  const SourceText text(c);
  EXPECT_EQ(text.fullExpressionStart(find(c, "+ 1")), find(c, "m + 1"));
  EXPECT_EQ(text.fullExpressionStart(find(c, "reach_error")), find(c, "reach_error"));
  EXPECT_EQ(text.fullExpressionStart(find(c, "* 2")), find(c, "g(m"));
  EXPECT_EQ(text.fullExpressionStart(find(c, "--")), find(c, "m--"));
}

TEST(SourceText, AnInitializerIsAFullExpressionAnAssignmentIsWhole) {
  const std::string c = "void f(int a, int *p) {\n  unsigned long n = a * 3, k = a - 1;\n  size_t s = a + 2;\n"
                        "  p[a + 4] = a * 5;\n}\n";
  const SourceText text(c);
  EXPECT_EQ(text.fullExpressionStart(find(c, "* 3")), find(c, "a * 3"));
  EXPECT_EQ(text.fullExpressionStart(find(c, "- 1")), find(c, "a - 1"));
  EXPECT_EQ(text.fullExpressionStart(find(c, "+ 2")), find(c, "a + 2"));
  EXPECT_EQ(text.fullExpressionStart(find(c, "+ 4")), find(c, "p[a"));
  EXPECT_EQ(text.fullExpressionStart(find(c, "* 5")), find(c, "p[a"));
}

TEST(SourceText, EachClauseOfAForHeaderAndLabelsAndConditionals) {
  const std::string c = "void f(int n) {\n  for (int i = n + 1; i < n * 2; i = i + 3) {}\n"
                        "ERROR: n = n > 0 ? n - 1 : n + 5;\n  switch (n) { case 1: n = n << 6; }\n}\n";
  const SourceText text(c);
  EXPECT_EQ(text.fullExpressionStart(find(c, "+ 1")), find(c, "n + 1"));
  EXPECT_EQ(text.fullExpressionStart(find(c, "* 2")), find(c, "i < n"));
  EXPECT_EQ(text.fullExpressionStart(find(c, "+ 3")), find(c, "i = i + 3"));
  EXPECT_EQ(text.fullExpressionStart(find(c, "+ 5")), find(c, "n = n > 0"));
  EXPECT_EQ(text.fullExpressionStart(find(c, "<< 6")), find(c, "n = n << 6"));
}

TEST(SourceText, ComparisonsAreNoInitializersAndCommaOperandsNoFullExpressions) {
  const std::string c = "void f(int c, int n, int z, int x, int y, int *best, int *prev, int i) {\n"
                        "  int r = c == n + 1;\n  if (z * z == x * y) r++;\n  for (i = 0; i * i <= n * n; i++) {}\n"
                        "  best[i] = 1, prev[i] = i - 2;\n  T **q = x + 3;\n  struct S s = { .a = x, .b = y * 4 };\n"
                        "  r = mp_add(x, y);\n  return x * y == n + 5;\n}\n";
  const SourceText text(c);
  EXPECT_EQ(text.fullExpressionStart(find(c, "+ 1")), find(c, "c == n"));
  EXPECT_EQ(text.fullExpressionStart(find(c, "* y)")), find(c, "z * z"));
  EXPECT_EQ(text.fullExpressionStart(find(c, "* n;")), find(c, "i * i"));
  EXPECT_EQ(text.fullExpressionStart(find(c, "- 2")), find(c, "best[i]"));
  EXPECT_EQ(text.fullExpressionStart(find(c, "+ 3")), find(c, "x + 3"));
  EXPECT_EQ(text.fullExpressionStart(find(c, "* 4")), find(c, "y * 4"));
  EXPECT_EQ(text.fullExpressionStart(find(c, ");\n  return")), find(c, "r = mp_add"));
  EXPECT_EQ(text.fullExpressionStart(find(c, "+ 5")), find(c, "x * y =="));
}

TEST(SourceText, NoPositionLeadsOutOfTheText) {
  for (const std::string c : {"int x =", "int=/*", ")", "(((", "a ? b :", "}", "", "# define X\n"}) {
    const SourceText text(c);
    for (unsigned column = 1; column <= c.size() + 1; ++column) {
      std::optional<Position> at = text.fullExpressionStart({1, column});
      if (at) {
        EXPECT_LE(at->line, 1u) << c;
      }
      text.closingParenthesisOfCall({1, column});
    }
  }
}

TEST(SourceText, CommentsStringsAndDirectivesAreNotCode) {
  const std::string c = "#define X (\n/* ; */ int g(void) { return h(\"; {\", 1 + 2); }\n";
  EXPECT_EQ(SourceText(c).fullExpressionStart(find(c, "+ 2")), find(c, "h(\""));
}

Outcome overflowAt(unsigned line, unsigned column) {
  Outcome o;
  o.property = Property::NoOverflow;
  o.verdict = Verdict::False;
  Counterexample cex;
  cex.violation = "signed integer overflow";
  cex.location = {"prog.c", line, column, "main"};
  NondetInput in;
  in.origin = "__VERIFIER_nondet_int";
  in.bits = 32;
  in.isSigned = true;
  in.fromCall = true;
  in.value = 0xffffffffu;
  in.location = {"prog.c", 2, 11, "main"};
  cex.inputs.push_back(in);
  NondetInput uninitialized = in;
  uninitialized.fromCall = false;
  cex.inputs.push_back(uninitialized);
  o.counterexample = cex;
  return o;
}

TEST(Witness, AViolationSequenceHasTheReturnedValuesThenTheTarget) {
  const std::string c = "int main(void) {\n  int a = __VERIFIER_nondet_int();\n  return a + 1;\n}\n";
  Metadata m{"1.0", "prog.c", sha256Hex(c), "LP64", "2026-01-01T00:00:00Z", randomUuid()};
  std::string why;
  std::optional<std::string> yaml = violationSequence(overflowAt(3, 12), m, c, why);
  ASSERT_TRUE(yaml) << why;
  EXPECT_NE(yaml->find("format_version: \"2.0\""), std::string::npos);
  EXPECT_NE(yaml->find("LTL(G ! overflow)"), std::string::npos);
  // One value (the uninitialized read has no call to state it), at the `)` of line 2, then the target at `a + 1`.
  EXPECT_EQ(yaml->find("\\\\result == -1"), yaml->rfind("\\\\result == -1"));
  const size_t value = yaml->find("type: function_return"), target = yaml->find("type: target");
  ASSERT_NE(value, std::string::npos);
  ASSERT_NE(target, std::string::npos);
  EXPECT_LT(value, target);
  EXPECT_NE(yaml->find("line: 2\n", value), std::string::npos);
  EXPECT_NE(yaml->find("column: 33", value), std::string::npos);
  EXPECT_NE(yaml->find("line: 3\n", target), std::string::npos);
  EXPECT_NE(yaml->find("column: 10", target), std::string::npos);
}

TEST(Witness, NoWitnessForAViolationOutsideTheFileOrForATermination) {
  const std::string c = "int main(void) { return 0; }\n";
  Metadata m{"1.0", "prog.c", sha256Hex(c), "LP64", "2026-01-01T00:00:00Z", randomUuid()};
  std::string why;
  Outcome elsewhere = overflowAt(1, 18);
  elsewhere.counterexample->location.file = "/usr/include/other.h";
  EXPECT_FALSE(violationSequence(elsewhere, m, c, why));
  EXPECT_NE(why.find("no location"), std::string::npos);
  Outcome termination = overflowAt(1, 18);
  termination.property = Property::Termination;
  EXPECT_FALSE(takesViolationSequence(termination));
}

TEST(Witness, ALeakHasAGraphFromTheEntryThroughTheReturnedValuesToTheViolation) {
  Outcome leak = overflowAt(3, 12);
  leak.property = Property::ValidMemsafety;
  leak.violatedPart = MemsafetyPart::ValidMemtrack;
  EXPECT_TRUE(takesViolationGraph(leak));
  EXPECT_FALSE(takesViolationSequence(leak));
  Metadata m{"1.0", "prog.c", sha256Hex("x"), "LP64", "2026-01-01T00:00:00Z", randomUuid()};
  std::string why;
  std::optional<std::string> graph = violationGraph(leak, m, "", why);
  ASSERT_TRUE(graph) << why;
  EXPECT_NE(graph->find("<data key=\"architecture\">64bit</data>"), std::string::npos);
  EXPECT_NE(graph->find("LTL(G valid-memtrack)"), std::string::npos);
  // entry -> (enter main) -> (the one call's value) -> violation; the uninitialized read is left out
  EXPECT_NE(graph->find("<edge source=\"N0\" target=\"N1\">"), std::string::npos);
  EXPECT_NE(graph->find("<edge source=\"N1\" target=\"N2\">"), std::string::npos);
  EXPECT_EQ(graph->find("N3"), std::string::npos);
  EXPECT_NE(graph->find("\\result == -1;"), std::string::npos);
  EXPECT_NE(graph->find("<data key=\"assumption.resultfunction\">__VERIFIER_nondet_int</data>"), std::string::npos);
  const size_t violation = graph->find("<data key=\"violation\">true</data>");
  ASSERT_NE(violation, std::string::npos);
  EXPECT_LT(graph->rfind("<node id=\"N2\">", violation), violation);
  Outcome deref = leak;
  deref.violatedPart = MemsafetyPart::ValidDeref;
  EXPECT_FALSE(takesViolationGraph(deref));
}

TEST(SourceText, TheLoopKeywordOfAHead) {
  const std::string c = "void f(int n) {\n  for (int i = 0;\n       i < n; i++) {\n    while (n > 1) n--;\n  }\n"
                        "  do {\n    n++;\n  } while (n < 9);\n  g(n);\n}\n";
  const SourceText text(c);
  EXPECT_EQ(text.loopKeyword(find(c, "i < n")), find(c, "for"));  // the condition on the next line
  EXPECT_EQ(text.loopKeyword(find(c, "n > 1")), find(c, "while"));
  EXPECT_EQ(text.loopKeyword(find(c, "n++")), find(c, "do"));        // a do loop's head is its body's start
  EXPECT_EQ(text.loopKeyword(find(c, "n < 9")), find(c, "do"));      // its while belongs to it
  EXPECT_EQ(text.loopKeyword(find(c, "g(n)")), std::nullopt);
  const std::string forever = "void f(int n) {\n  while (1) {\n    while (n) n--;\n    if (n == 0) n = 9;\n  }\n}\n";
  EXPECT_EQ(SourceText(forever).loopKeyword(find(forever, "if")), find(forever, "while"));
}

TEST(Witness, ANonTerminationGraphHasTheStemThenTheCycleHeadWithTheRecurrentSet) {
  const std::string c = "int main(void) {\n  int x = __VERIFIER_nondet_int();\n  while (x != 5)\n"
                        "    x = (x + 1) % 3;\n}\n";
  Outcome lasso = overflowAt(3, 10);
  lasso.property = Property::Termination;
  lasso.counterexample->inputs.pop_back();  // the uninitialized read
  EXPECT_FALSE(takesViolationGraph(lasso));  // no recurrent set
  lasso.counterexample->loopInputsStart = 1;
  lasso.counterexample->recurrence = Counterexample::Recurrence{{"prog.c", 3, 10, "main"}, "", {"x == 0", "x == 1"}, true};
  ASSERT_TRUE(takesViolationGraph(lasso));
  Metadata m{"1.0", "prog.c", sha256Hex(c), "ILP32", "2026-01-01T00:00:00Z", randomUuid()};
  std::string why;
  std::optional<std::string> graph = violationGraph(lasso, m, c, why);
  ASSERT_TRUE(graph) << why;
  EXPECT_NE(graph->find("LTL(F end)"), std::string::npos);
  EXPECT_EQ(graph->find("<data key=\"violation\">true"), std::string::npos);
  // entry -> main -> value -> cycle head (entered at the while's line) -> itself
  EXPECT_NE(graph->find("<data key=\"invariant\">(x == 0) || (x == 1)</data>"), std::string::npos);
  EXPECT_NE(graph->find("<edge source=\"N2\" target=\"N3\">\n   <data key=\"enterLoopHead\">true</data>\n"
                        "   <data key=\"startline\">3</data>"),
            std::string::npos);
  EXPECT_NE(graph->find("<edge source=\"N3\" target=\"N3\">"), std::string::npos);
  const size_t head = graph->find("<data key=\"cyclehead\">true</data>");
  ASSERT_NE(head, std::string::npos);
  EXPECT_LT(graph->rfind("<node id=\"N3\">", head), head);
}

TEST(Witness, ACorrectnessWitnessPutsEachInvariantAtItsLoopKeyword) {
  const std::string c = "int main(void) {\n  int i = 0;\n  while (i < 10)\n    i++;\n  return 0;\n}\n";
  Outcome proof;
  proof.property = Property::NoOverflow;
  proof.verdict = Verdict::True;
  proof.invariants = {LoopInvariant{{"prog.c", 3, 10, "main"}, "i <= 10"},
                      LoopInvariant{{"other.c", 3, 10, "main"}, "i >= 0"}};  // not in the input file: left out
  Metadata m{"1.0", "prog.c", sha256Hex(c), "LP64", "2026-01-01T00:00:00Z", randomUuid()};
  std::string why;
  std::optional<std::string> yaml = invariantSet(proof, m, c, why);
  ASSERT_TRUE(yaml) << why;
  EXPECT_NE(yaml->find("entry_type: invariant_set"), std::string::npos);
  EXPECT_NE(yaml->find("type: loop_invariant"), std::string::npos);
  EXPECT_NE(yaml->find("line: 3\n          column: 3\n          function: main"), std::string::npos) << *yaml;
  EXPECT_NE(yaml->find("value: \"i <= 10\""), std::string::npos);
  EXPECT_NE(yaml->find("format: c_expression"), std::string::npos);
  EXPECT_EQ(yaml->find("i >= 0"), std::string::npos);
  proof.verdict = Verdict::Unknown;
  EXPECT_FALSE(invariantSet(proof, m, c, why));
}

TEST(Witness, ARankingFunctionIsALexicographicTransitionInvariantInFormat21) {
  const LoopRanking ranking{{"prog.c", 3, 10, "main"},
                            {{"(long long)n - (long long)i", -1}, {"-(long long)j", 5000000000LL}}};
  EXPECT_EQ(transitionRelation(ranking),
            "(((long long)\\at(n, AnyPrev) - (long long)\\at(i, AnyPrev)) > ((long long)n - (long long)i) && "
            "((long long)\\at(n, AnyPrev) - (long long)\\at(i, AnyPrev)) >= 1) || "
            "(((long long)\\at(n, AnyPrev) - (long long)\\at(i, AnyPrev)) >= ((long long)n - (long long)i) && "
            "(-(long long)\\at(j, AnyPrev)) > (-(long long)j) && (-(long long)\\at(j, AnyPrev)) >= -5000000000LL)");
  const std::string c = "int main(void) {\n  int i = 0, n = 5, j = 0;\n  while (i < n)\n    i++;\n  return 0;\n}\n";
  Outcome proof;
  proof.property = Property::Termination;
  proof.verdict = Verdict::True;
  proof.rankings = {ranking};
  Metadata m{"1.0", "prog.c", sha256Hex(c), "LP64", "2026-01-01T00:00:00Z", randomUuid()};
  std::string why;
  std::optional<std::string> plain = invariantSet(proof, m, c, why);
  ASSERT_TRUE(plain) << why;
  EXPECT_EQ(plain->find("loop_transition_invariant"), std::string::npos) << "format 2.0 has none";
  m.formatVersion = "2.1";
  std::optional<std::string> yaml = invariantSet(proof, m, c, why);
  ASSERT_TRUE(yaml) << why;
  EXPECT_NE(yaml->find("format_version: \"2.1\""), std::string::npos) << *yaml;
  EXPECT_NE(yaml->find("type: loop_transition_invariant"), std::string::npos);
  EXPECT_NE(yaml->find("line: 3\n          column: 3"), std::string::npos) << *yaml;
  EXPECT_NE(yaml->find("format: ext_c_expression"), std::string::npos);
}

TEST(Witness, MetadataHelpers) {
  EXPECT_EQ(sha256Hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  const std::string uuid = randomUuid();
  ASSERT_EQ(uuid.size(), 36u);
  EXPECT_EQ(uuid[14], '4');
  EXPECT_NE(std::string("89ab").find(uuid[19]), std::string::npos);
  EXPECT_NE(randomUuid(), uuid);
  EXPECT_EQ(currentTimeIso8601().size(), 20u);  // 2026-11-26T10:00:00Z
}

}  // namespace
}  // namespace atropos::witness
