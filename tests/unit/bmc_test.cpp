// Unit tests of the bounded model checker: its encoding of each operation against the interpreter, and what it
// may prove.
#include "bmc/bmc.h"
#include "bmc/recurrence.h"

#include <gtest/gtest.h>

#include <random>
#include <regex>

#include "interp/interp.h"
#include "test_program.h"

namespace atropos {
namespace {

std::vector<bmc::CandidateRun> candidatesFor(const frontend::Program& program, Property property,
                                             std::vector<Outcome>* outcomes = nullptr) {
  bmc::Options options;
  options.deadline = Deadline::in(std::chrono::seconds(20));
  bmc::Result result = bmc::check(program, {property}, options);
  if (outcomes) *outcomes = result.outcomes;
  return result.candidates;
}

interp::RunResult replay(const frontend::Program& program, const bmc::CandidateRun& run, bool detectLasso = false) {
  auto created = interp::Interpreter::create(program);
  EXPECT_TRUE(std::holds_alternative<std::unique_ptr<interp::Interpreter>>(created));
  interp::ReplayInputs inputs(run.inputs, run.uninitializedReadsZero);
  interp::RunOptions options;
  options.maxSteps = 1u << 24;
  options.detectLasso = detectLasso;
  return std::get<std::unique_ptr<interp::Interpreter>>(created)->run(inputs, options);
}

// Bounded model checking finds one candidate for unreach-call, and its replay calls reach_error.
void expectReachErrorReplays(const frontend::Program& program) {
  std::vector<bmc::CandidateRun> candidates = candidatesFor(program, Property::UnreachCall);
  ASSERT_EQ(candidates.size(), 1u);
  interp::RunResult run = replay(program, candidates[0]);
  ASSERT_EQ(run.end, interp::RunEnd::Violation);
  EXPECT_EQ(run.violation->kind, interp::ViolationKind::ReachError);
}

// The program fixes the inputs a and b, computes `expression` and calls reach_error when the result equals a nondet
// guess. A model's guess is the encoding's result: its replay reaches reach_error only if the interpreter computes
// the same value.
void expectAgreement(const std::string& type, const std::string& nondet, const std::string& expression, long long a,
                     long long b) {
  SCOPED_TRACE(type + ": " + expression + " with a = " + std::to_string(a) + ", b = " + std::to_string(b));
  std::string source =
      "double __VERIFIER_nondet_double(void);\nfloat __VERIFIER_nondet_float(void);\n"
      "int main(void) {\n  " +
      type + " a = " + nondet + "();\n  " + type + " b = " + nondet + "();\n  __VERIFIER_assume(a == (" + type + ")" +
      std::to_string(a) + "LL && b == (" + type + ")" + std::to_string(b) + "LL);\n  " + type + " r = " + expression +
      ";\n  if (r == " + nondet + "()) reach_error();\n  return 0;\n}\n";
  auto program = testing::compileProgram(source);
  ASSERT_TRUE(program);
  std::vector<Outcome> outcomes;
  std::vector<bmc::CandidateRun> candidates = candidatesFor(*program, Property::UnreachCall, &outcomes);
  ASSERT_EQ(candidates.size(), 1u) << outcomes[0].reason;
  interp::RunResult run = replay(*program, candidates[0]);
  std::string drawn;
  for (const NondetInput& in : run.inputs) drawn += " " + in.origin + "=" + std::to_string(in.value);
  ASSERT_EQ(run.end, interp::RunEnd::Violation) << interp::runEndName(run.end) << ";" << drawn;
  EXPECT_EQ(run.violation->kind, interp::ViolationKind::ReachError);
}

TEST(Bmc, OperationsAgreeWithTheInterpreter) {
  struct Case {
    const char* type;
    const char* nondet;
    const char* expression;
  };
  // Operand values and expressions are chosen so that no case has undefined behaviour.
  const Case cases[] = {
      {"unsigned", "__VERIFIER_nondet_uint", "a + b"},
      {"unsigned", "__VERIFIER_nondet_uint", "a - b"},
      {"unsigned", "__VERIFIER_nondet_uint", "a * b"},
      {"unsigned", "__VERIFIER_nondet_uint", "a / (b | 1)"},
      {"unsigned", "__VERIFIER_nondet_uint", "a % (b | 1)"},
      {"unsigned", "__VERIFIER_nondet_uint", "a << (b & 31)"},
      {"unsigned", "__VERIFIER_nondet_uint", "a >> (b & 31)"},
      {"unsigned", "__VERIFIER_nondet_uint", "(a & b) ^ (a | ~b)"},
      {"unsigned", "__VERIFIER_nondet_uint", "a < b"},
      {"unsigned", "__VERIFIER_nondet_uint", "(unsigned char)a + (signed char)b"},
      {"unsigned", "__VERIFIER_nondet_uint", "(unsigned short)a * 3u"},
      {"long", "__VERIFIER_nondet_long", "(long)(int)a * (long)(int)b"},
      {"long", "__VERIFIER_nondet_long", "(long)(int)a - (long)(short)b"},
      {"long", "__VERIFIER_nondet_long", "(int)a / ((int)b | 1)"},
      {"long", "__VERIFIER_nondet_long", "(int)a % ((int)b | 1)"},
      {"long", "__VERIFIER_nondet_long", "(int)a >> (b & 31)"},
      {"long", "__VERIFIER_nondet_long", "(int)a <= (int)b"},
      {"long", "__VERIFIER_nondet_long", "(a > 0 ? a : -(a + 1)) / 7"},
      {"double", "__VERIFIER_nondet_double", "a * 0.1 + b / 3.0"},
      {"double", "__VERIFIER_nondet_double", "(float)a - (double)(int)(b / 2)"},
      {"float", "__VERIFIER_nondet_float", "a / 7.0f - b * 1e-3f"},
      {"long", "__VERIFIER_nondet_long", "(long)((double)(int)a * 1.5) + (a < 0.5 * b)"},
      {"int", "__VERIFIER_nondet_int", "({ union { int i; char c[4]; } u; u.i = a; u.c[1] + u.c[3]; })"},
      {"int", "__VERIFIER_nondet_int", "({ int x[3] = {a, b, 5}; int *p = x + (b & 1); p[1]; })"},
      {"int", "__VERIFIER_nondet_int", "({ struct { char c; long l; short s; } t = {a, b, a}; t.c + t.l + t.s; })"},
  };
  std::mt19937_64 random(7);
  const long long edges[] = {0, 1, -1, 2147483647, -2147483647 - 1, 255, -128, 65535};
  // One pair of inputs per case (each program is compiled and solved: a few hundred milliseconds), an edge value
  // for one of them.
  bool edgeFirst = true;
  for (const Case& c : cases) {
    long long a = edgeFirst ? edges[random() % 8] : static_cast<int>(random());
    long long b = !edgeFirst ? edges[random() % 8] : static_cast<int>(random());
    expectAgreement(c.type, c.nondet, c.expression, a, b);
    edgeFirst = !edgeFirst;
  }
}

TEST(Bmc, ProvesAProgramItUnwindsCompletely) {
  auto program = testing::compileProgram(R"(
    int main(void) {
      int n = __VERIFIER_nondet_int();
      if (n < 0 || n > 5) return 0;
      int s = 0;
      for (int i = 0; i < n; i++) s += i;
      if (s > 10) reach_error();
      return 0;
    })");
  ASSERT_TRUE(program);
  std::vector<Outcome> outcomes;
  EXPECT_TRUE(candidatesFor(*program, Property::UnreachCall, &outcomes).empty());
  ASSERT_EQ(outcomes.size(), 1u);
  EXPECT_EQ(outcomes[0].verdict, Verdict::True);
}

TEST(Bmc, DoesNotProveWhatLiesBeyondTheBound) {
  // n is unbounded: no bound unwinds the loop completely.
  auto program = testing::compileProgram(R"(
    int main(void) {
      unsigned n = __VERIFIER_nondet_uint();
      unsigned s = 0;
      for (unsigned i = 0; i < n; i++) s += 2;
      return 0;
    })");
  ASSERT_TRUE(program);
  for (Property p : {Property::UnreachCall, Property::Termination}) {
    std::vector<Outcome> outcomes;
    bmc::Options options;
    options.deadline = Deadline::in(std::chrono::seconds(3));
    options.maxBound = 64;
    bmc::Result result = bmc::check(*program, {p}, options);
    ASSERT_EQ(result.outcomes.size(), 1u);
    EXPECT_NE(result.outcomes[0].verdict, Verdict::True) << propertyName(p);
  }
}

TEST(Bmc, ExecutionsPastTheBoundAreStartsForTesting) {
  // The inputs are all drawn before a loop longer than any bound tried: the model of "an execution runs past the
  // bound" fixes them, and an execution with them runs on into the violation.
  auto program = testing::compileProgram(R"(
    int main(void) {
      int n = __VERIFIER_nondet_int(), key = __VERIFIER_nondet_int();
      if (n * 3 != 369 || key - n != 11) return 0;
      for (int i = 0; i < 100000; i++)
        if (i == 99999) reach_error();
      return 0;
    })");
  ASSERT_TRUE(program);
  bmc::Options options;
  options.deadline = Deadline::in(std::chrono::seconds(5));
  options.maxBound = 4;
  bmc::Result result = bmc::check(*program, {Property::UnreachCall}, options);
  EXPECT_TRUE(result.candidates.empty());
  ASSERT_FALSE(result.deeperStarts.empty()) << result.outcomes[0].reason;
  for (const bmc::CandidateRun& start : result.deeperStarts) {
    EXPECT_EQ(start.inputs, (std::vector<uint64_t>{123, 134}));
    interp::RunResult run = replay(*program, start);
    ASSERT_EQ(run.end, interp::RunEnd::Violation);
    EXPECT_EQ(run.violation->kind, interp::ViolationKind::ReachError);
  }
}

TEST(Bmc, OverflowAndUndefinedBehaviourBlockProofs) {
  auto program = testing::compileProgram(R"(
    int main(void) {
      int x = __VERIFIER_nondet_int();
      int y = 100 / x;
      return y;
    })");
  ASSERT_TRUE(program);
  for (Property p : {Property::UnreachCall, Property::Termination, Property::NoOverflow}) {
    std::vector<Outcome> outcomes;
    candidatesFor(*program, p, &outcomes);
    ASSERT_EQ(outcomes.size(), 1u);
    EXPECT_NE(outcomes[0].verdict, Verdict::True) << propertyName(p);
  }
}

// Objects lie at fixed addresses in the encoding; an execution whose outcome depends on where they lie must not be
// proved (each program here is fine in the encoding's layout, and wrong in the interpreter's or a real one).
TEST(Bmc, DoesNotProveWhatDependsOnWhereObjectsLie) {
  const char* programs[] = {
      // an index past one array reaches the next one
      "int main(void) { int a[1]; int b[1]; int i = __VERIFIER_nondet_int(); if (i == 8) a[i] = 1; return b[0]; }",
      // an index from the null pointer reaches a global
      "int g;\nint main(void) { int *p = 0; int i = __VERIFIER_nondet_int(); if (i == 0x4000) p[i] = 1; return g; }",
      // the bytes of a pointer read as an integer
      "int main(void) { int x = __VERIFIER_nondet_int(); union { int *p; unsigned long v; } u; u.p = &x;\n"
      "  if (u.v != 0x10000) reach_error(); return 0; }",
      // a freed block's address compared with a new one's
      "#include <stdlib.h>\nint main(void) { int k = __VERIFIER_nondet_int(); int *p = malloc(4); free(p);\n"
      "  int *q = malloc(4); if (p == q) reach_error(); free(q); return k; }",
      // a struct passed by value: the callee's copy dies with it
      "struct S { int a[10]; };\nint *f(struct S s) { return &s.a[0]; }\n"
      "int main(void) { struct S x = {0}; x.a[0] = __VERIFIER_nondet_int(); return *f(x); }",
  };
  for (const char* source : programs) {
    SCOPED_TRACE(source);
    auto program = testing::compileProgram(source);
    ASSERT_TRUE(program);
    for (Property p : {Property::ValidMemsafety, Property::UnreachCall}) {
      std::vector<Outcome> outcomes;
      candidatesFor(*program, p, &outcomes);
      ASSERT_EQ(outcomes.size(), 1u);
      EXPECT_NE(outcomes[0].verdict, Verdict::True) << propertyName(p);
    }
  }
}

TEST(Bmc, CallsThroughPointersGoToEachFunctionOfTheirType) {
  const std::string program = R"(
    int inc(int x) { return x + 1; }
    int dec(int x) { return x - 1; }
    int main(void) {
      int (*f)(int) = __VERIFIER_nondet_int() ? inc : dec;
      int v = __VERIFIER_nondet_int();
      if (v < -100 || v > 100) return 0;
      int r = f(v);
      if (r == 57 && v == WITNESS) reach_error();
      return 0;
    })";
  auto reachable = testing::compileProgram(std::regex_replace(program, std::regex("WITNESS"), "58"));
  ASSERT_TRUE(reachable);
  expectReachErrorReplays(*reachable);

  auto unreachable = testing::compileProgram(std::regex_replace(program, std::regex("WITNESS"), "50"));
  ASSERT_TRUE(unreachable);
  std::vector<Outcome> outcomes;
  EXPECT_TRUE(candidatesFor(*unreachable, Property::UnreachCall, &outcomes).empty());
  EXPECT_EQ(outcomes[0].verdict, Verdict::True);
}

// Functions called without a prototype: where the call's arguments fill the parameters it is a call like any
// other; where they do not (an int passed for a long, through a cast of the function's address), the encoding does
// not guess what the callee receives, and proves nothing past the call.
TEST(Bmc, CallsWithoutPrototypes) {
  const std::string program = R"(
    extern int __VERIFIER_nondet_int();
    int twice();
    int main(void) {
      int x = __VERIFIER_nondet_int();
      if (x > 1000 || x < -1000) return 0;
      if (twice(x) == WANTED) reach_error();
      return 0;
    }
    int twice(PARAMETER v) { return 2 * v; })";
  auto matching = testing::compileProgram(
      std::regex_replace(std::regex_replace(program, std::regex("WANTED"), "14"), std::regex("PARAMETER"), "int"));
  ASSERT_TRUE(matching);
  expectReachErrorReplays(*matching);

  auto mismatched = testing::compileProgram(
      std::regex_replace(std::regex_replace(program, std::regex("WANTED"), "15"), std::regex("PARAMETER"), "long"));
  ASSERT_TRUE(mismatched);
  std::vector<Outcome> outcomes;
  EXPECT_TRUE(candidatesFor(*mismatched, Property::UnreachCall, &outcomes).empty());
  EXPECT_NE(outcomes[0].verdict, Verdict::True) << outcomes[0].reason;
}

TEST(Bmc, FindsAMemoryErrorThatReplays) {
  auto program = testing::compileProgram(R"(
    #include <stdlib.h>
    int main(void) {
      int n = __VERIFIER_nondet_int();
      if (n < 1 || n > 8) return 0;
      int *a = malloc(n * sizeof(int));
      for (int i = 0; i < 8; i++)
        if (i == n - 1 && n == 6) a[i + 1] = 0;
      free(a);
      return 0;
    })");
  ASSERT_TRUE(program);
  std::vector<bmc::CandidateRun> candidates = candidatesFor(*program, Property::ValidMemsafety);
  ASSERT_EQ(candidates.size(), 1u);
  interp::RunResult run = replay(*program, candidates[0]);
  ASSERT_EQ(run.end, interp::RunEnd::Violation);
  EXPECT_EQ(interp::checkOf(run.violation->kind), Check::InvalidDeref);
}

// Globals that are only loaded and stored whole are values of the path, the others stay in memory: both must mean
// what the program means, in proofs, violations and recurring states.
TEST(Bmc, GlobalsKeptAsValuesOrInMemoryAgree) {
  auto proved = testing::compileProgram(R"(
    int g;
    int h = 1;
    void add(int k) { g += k; h *= 2; }
    int main(void) {
      for (int i = 0; i < 3; i++) add(i + 1);
      if (g != 6 || h != 8) reach_error();
      return 0;
    })");
  ASSERT_TRUE(proved);
  std::vector<Outcome> outcomes;
  EXPECT_TRUE(candidatesFor(*proved, Property::UnreachCall, &outcomes).empty());
  EXPECT_EQ(outcomes[0].verdict, Verdict::True) << outcomes[0].reason;

  const char* violated[] = {
      // h's address is taken: it stays in memory, and g (a value) must agree with it
      "int g, h;\nint main(void) { int *p = &h; g = __VERIFIER_nondet_int(); *p = g * 2;\n"
      "  if (h == 14 && g == 7) reach_error(); return 0; }",
      // a global that holds its own address
      "void *p;\nint main(void) { p = &p; if (*(void **)p == (void *)&p) reach_error(); return 0; }",
  };
  for (const char* source : violated) {
    SCOPED_TRACE(source);
    auto program = testing::compileProgram(source);
    ASSERT_TRUE(program);
    expectReachErrorReplays(*program);
  }

  // The loop's state is the global: it never recurs.
  auto counting = testing::compileProgram(R"(
    unsigned g;
    int main(void) {
      while (g < 1000000) g++;
      return 0;
    })");
  ASSERT_TRUE(counting);
  bmc::Options options;
  options.deadline = Deadline::in(std::chrono::seconds(3));
  options.maxBound = 64;
  EXPECT_TRUE(bmc::check(*counting, {Property::Termination}, options).candidates.empty());
}

TEST(Bmc, FindsARecurringStateThatReplaysAsALasso) {
  auto program = testing::compileProgram(R"(
    int main(void) {
      int key = __VERIFIER_nondet_int();
      int x = 0;
      while (x <= 10) {
        if (key == 4242) x = (x + 1) % 3; else x++;
      }
      return 0;
    })");
  ASSERT_TRUE(program);
  std::vector<bmc::CandidateRun> candidates = candidatesFor(*program, Property::Termination);
  ASSERT_EQ(candidates.size(), 1u);
  interp::RunResult run = replay(*program, candidates[0], true);
  EXPECT_EQ(run.end, interp::RunEnd::Lasso);
}

TEST(BmcRecurrentSet, IsTheFactsEveryIterationKeeps) {
  // Odd x climbs by 4 and wraps around: x % 4 stays what it was, so x never becomes 0 or 2; the states recur only
  // after 2^30 visits.
  auto program = testing::compileProgram(R"(
    int main(void) {
      unsigned x = __VERIFIER_nondet_uint();
      if (x % 2 == 0) return 0;
      while (x != 0 && x != 2) x += 4;
      return 0;
    })");
  ASSERT_TRUE(program);
  std::optional<bmc::ProvenRecurrentSet> set = bmc::findRecurrentSet(*program, {});
  ASSERT_TRUE(set);
  EXPECT_TRUE(set->head.known());
  EXPECT_EQ(set->head.function, "main");
  EXPECT_TRUE(set->complete);
  EXPECT_NE(set->expression.find("((unsigned int)x & 3U) =="), std::string::npos) << set->expression;
  ASSERT_EQ(set->stem.size(), 1u);
  EXPECT_EQ(set->stem[0] % 2, 1u);
}

TEST(BmcRecurrentSet, NoneWhereSomeIterationLeaves) {
  // Every observed x is odd, and odd x never reaches 0, but the loop ends at 7 (one step for some odd values).
  auto terminates = testing::compileProgram(R"(
    int main(void) {
      unsigned x = __VERIFIER_nondet_uint();
      if (x % 2 == 0) return 0;
      while (x != 0 && x != 7) x += 2;
      return 0;
    })");
  ASSERT_TRUE(terminates);
  EXPECT_FALSE(bmc::findRecurrentSet(*terminates, {}));
  // Nor where an iteration may overflow: C leaves the rest undefined.
  auto overflows = testing::compileProgram(R"(
    int main(void) {
      int x = __VERIFIER_nondet_int();
      if (x < 1) return 0;
      while (x > 0) x = x + 1;
      return 0;
    })");
  ASSERT_TRUE(overflows);
  EXPECT_FALSE(bmc::findRecurrentSet(*overflows, {}));
}

}  // namespace
}  // namespace atropos
