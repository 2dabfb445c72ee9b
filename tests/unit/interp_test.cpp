// Unit tests of the reference interpreter: each instruction class, each undefined behaviour, each library function.
// Each test compiles a small C program with the front end and runs it with given nondet inputs.
#include "interp/interp.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <variant>

#include "falsifier/falsifier.h"
#include "falsifier/state_graph.h"
#include "frontend/frontend.h"
#include "frontend/source_location.h"
#include "interp/recurrent_states.h"
#include "test_program.h"

namespace atropos {
namespace {

using frontend::DataModel;
using interp::RunEnd;
using interp::RunResult;
using interp::ViolationKind;

struct Compiled {
  frontend::Program program;
  std::unique_ptr<interp::Interpreter> interpreter;
};

Compiled compile(const std::string& source, DataModel model = DataModel::LP64) {
  auto program = testing::compileProgram(source, model);
  if (!program) return {};
  Compiled c;
  c.program = std::move(*program);
  auto created = interp::Interpreter::create(c.program);
  if (auto* why = std::get_if<std::string>(&created)) {
    ADD_FAILURE() << *why;
    return c;
  }
  c.interpreter = std::move(std::get<std::unique_ptr<interp::Interpreter>>(created));
  return c;
}

RunResult run(const std::string& source, std::vector<uint64_t> inputs = {}, DataModel model = DataModel::LP64) {
  Compiled c = compile(source, model);
  if (!c.interpreter) return {};
  interp::ReplayInputs replay(std::move(inputs));
  interp::RunOptions options;
  options.maxSteps = 50'000'000;
  return c.interpreter->run(replay, options);
}

void expectEnd(const RunResult& r, RunEnd end) {
  EXPECT_EQ(r.end, end) << "ended: " << interp::runEndName(r.end)
                        << (r.violation ? " (" + r.violation->message + ")" : "") << " " << r.unsupported;
}

void expectViolation(const RunResult& r, ViolationKind kind, unsigned line = 0) {
  ASSERT_EQ(r.end, RunEnd::Violation) << "ended: " << interp::runEndName(r.end) << " " << r.unsupported;
  EXPECT_EQ(r.violation->kind, kind) << r.violation->message;
  if (line) {
    EXPECT_EQ(r.violation->location.line, line + 12);  // 12 lines of declarations precede the source
  }
}

// --- Instruction classes: results checked inside the program, a mismatch calls reach_error ----------------

TEST(Arithmetic, IntegerOperationsMatchC) {
  expectEnd(run(R"(
int main() {
  int a = 17, b = -5; unsigned u = 4000000000u; long long l = -9000000000LL;
  if (a + b != 12 || a - b != 22 || a * b != -85) reach_error();
  if (a / b != -3 || a % b != 2 || -a / 5 != -3 || -a % 5 != -2) reach_error();
  if (u / 3 != 1333333333u || u % 7 != 4000000000u % 7 || u + u != 3705032704u) reach_error();
  if ((a << 3) != 136 || (b >> 1) != -3 || (u >> 31) != 1 || (a & 3) != 1 || (a | 2) != 19 || (a ^ 1) != 16) reach_error();
  if (l * 2 != -18000000000LL || (l >> 4) != -562500000LL) reach_error();
  return 0;
})"),
            RunEnd::Returned);
}

TEST(Arithmetic, ConversionsAndComparisons) {
  expectEnd(run(R"(
int main() {
  int x = -1; unsigned char c = (unsigned char)x; signed char s = (signed char)200; unsigned short us = 65535;
  if (c != 255 || s != -56 || (int)us != 65535 || (short)us != -1) reach_error();
  if (!((unsigned)x > 5u) || !(x < 5) || (long)x != -1L || (unsigned long)(unsigned)x != 4294967295UL) reach_error();
  _Bool b = 7; if (b != 1) reach_error();
  return 0;
})"),
            RunEnd::Returned);
}

TEST(Arithmetic, FloatingPointIsIeee) {
  expectEnd(run(R"(
int main() {
  double d = 0.1 + 0.2; float f = 0.1f + 0.2f;
  if (d == 0.3) reach_error();
  if (f != 0.3f) reach_error();
  if ((int)2.9 != 2 || (int)-2.9 != -2 || (double)3 != 3.0 || (float)16777217 != 16777216.0f) reach_error();
  double z = 0.0; if (!(1.0 / z > 1e308)) reach_error();
  double n = z / z; if (n == n) reach_error();
  return 0;
})"),
            RunEnd::Returned);
}

TEST(ControlFlow, CallsRecursionSwitchAndFunctionPointers) {
  expectEnd(run(R"(
static int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }
static int twice(int v) { return 2 * v; }
static int apply(int (*f)(int), int v) { return f(v); }
int main() {
  if (fact(10) != 3628800) reach_error();
  if (apply(twice, 21) != 42) reach_error();
  int k = 0;
  for (int i = 0; i < 10; i++) switch (i % 4) { case 0: k += 1; break; case 1: k += 10; break; case 3: k += 100; break; default: break; }
  if (k != 3 + 30 + 200) reach_error();
  int a = 3, b = 0; if (!(a && !b) || (a && b) || !(b || a)) reach_error();
  return 0;
})"),
            RunEnd::Returned);
}

TEST(Memory, StructsArraysAndCopies) {
  expectEnd(run(R"(
struct P { char c; long l; int a[3]; };
static struct P make(int v) { struct P p = { 'x', v, { v, v + 1, v + 2 } }; return p; }
int g[5] = { 1, 2, 3, 4, 5 };
const char *msg = "hello";
int main() {
  struct P p = make(7), q;
  q = p;
  if (q.c != 'x' || q.l != 7 || q.a[2] != 9) reach_error();
  int *ptr = &g[1]; ptr += 2; if (*ptr != 4 || ptr - g != 3) reach_error();
  if (msg[4] != 'o' || msg[5] != 0) reach_error();
  int n = 4; int vla[n]; for (int i = 0; i < n; i++) vla[i] = i * i; if (vla[3] != 9) reach_error();
  return 0;
})"),
            RunEnd::Returned);
}

TEST(Memory, DataModelDecidesSizes) {
  const char* program = R"(
struct S { char c; long l; void *p; };
int main() { if (sizeof(long) == 4 && sizeof(struct S) == 12) reach_error(); return 0; })";
  expectViolation(run(program, {}, DataModel::ILP32), ViolationKind::ReachError);
  expectEnd(run(program, {}, DataModel::LP64), RunEnd::Returned);
}

// --- Undefined behaviour and property violations ------------------------------------------------------------

TEST(Deref, NullPointer) {
  expectViolation(run("int main() { int *p = 0; *p = 1; return 0; }"), ViolationKind::NullDereference, 1);
}

TEST(Deref, HeapOutOfBounds) {
  expectViolation(run("int main() { int *p = malloc(4 * sizeof(int)); p[4] = 1; free(p); return 0; }"),
                  ViolationKind::OutOfBounds);
}

TEST(Deref, StackAndGlobalOutOfBounds) {
  expectViolation(run("int main() { int a[3]; int i = 3; a[i] = 0; return 0; }"), ViolationKind::OutOfBounds);
  expectViolation(run("int g[2]; int main() { int i = -1; return g[i]; }"), ViolationKind::OutOfBounds);
}

TEST(Deref, UseAfterFreeAndAfterScope) {
  expectViolation(run("int main() { int *p = malloc(4); free(p); return *p; }"), ViolationKind::UseAfterFree);
  expectViolation(run("int *f(void) { int x = 1; return &x; }\nint main() { return *f(); }"),
                  ViolationKind::UseAfterScope);
}

TEST(Deref, UseAfterBlockScopeEnds) {
  expectViolation(run("int main() { int *p; { int a[4]; p = a; } *p = 1; return 0; }"), ViolationKind::UseAfterScope);
  // Each iteration's local is a new object: a pointer kept from the previous iteration dangles.
  expectViolation(run("int main() { int *p = 0; for (int i = 0; i < 2; i++) { int a[4]; if (i) p[0] = 1; else p = a; } return 0; }"),
                  ViolationKind::UseAfterScope);
  expectEnd(run("int main() { for (int i = 0; i < 3; i++) { int a[4]; a[i] = i; } return 0; }"), RunEnd::Returned);
}

TEST(Addresses, RunsThatDependOnAddressValuesAreMarked) {
  // A real allocator may reuse the freed block's address; this interpreter never does.
  RunResult reuse = run(R"(
int main() { char *p = malloc(4); long a = (long)p; free(p); char *q = malloc(4);
  if ((long)q == a) free(q); free(q); return 0; })");
  EXPECT_TRUE(reuse.addressDependent);
  EXPECT_TRUE(run("int main() { int a, b; return &a < &b; }").addressDependent);
  EXPECT_TRUE(run("int main() { int *p = malloc(4); int *q = malloc(4); free(p); int r = p == q; free(q); return r; }").addressDependent);
  // Within one object, differences and comparisons do not depend on where the object lies.
  RunResult within = run(R"(
int main() { int a[8]; int *p = &a[1], *q = &a[5]; int *n = 0;
  if (q - p != 4 || !(p < q) || p == n) reach_error(); return 0; })");
  expectEnd(within, RunEnd::Returned);
  EXPECT_FALSE(within.addressDependent);
}

TEST(Free, InvalidFrees) {
  expectViolation(run("int main() { int *p = malloc(4); free(p); free(p); return 0; }"), ViolationKind::DoubleFree);
  expectViolation(run("int main() { int x; free(&x); return 0; }"), ViolationKind::FreeOfNonHeap);
  expectViolation(run("int main() { char *p = malloc(8); free(p + 1); return 0; }"),
                  ViolationKind::FreeOfInteriorPointer);
  expectEnd(run("int main() { free(0); return 0; }"), RunEnd::Returned);
}

TEST(Memtrack, LeakWhenMainReturns) {
  expectViolation(run("int main() { int *p = malloc(4); *p = 0; return 0; }"), ViolationKind::MemoryLeak);
  expectViolation(run("int main() { int *p = malloc(4); p = malloc(4); free(p); return 0; }"),
                  ViolationKind::MemoryLeak);
}

TEST(Memtrack, ReachableFromGlobalIsNotLostButStillAllocated) {
  RunResult r = run("int *g; int main() { g = malloc(4); return 0; }");
  expectEnd(r, RunEnd::Returned);
  EXPECT_TRUE(r.heapStillAllocated);
  EXPECT_FALSE(r.memoryVerdictAmbiguous);
}

TEST(Memtrack, ReachableOnlyFromStackAtExitIsAmbiguous) {
  RunResult r = run("int main() { int *p = malloc(4); exit(0); }");
  expectEnd(r, RunEnd::Exited);
  EXPECT_TRUE(r.heapStillAllocated);
  EXPECT_TRUE(r.memoryVerdictAmbiguous);
}

TEST(Memtrack, FreedMemoryIsClean) {
  RunResult r = run("int main() { int *p = malloc(4); free(p); return 0; }");
  expectEnd(r, RunEnd::Returned);
  EXPECT_FALSE(r.heapStillAllocated);
}

TEST(Overflow, SignedArithmetic) {
  expectViolation(run("int main() { int x = 2147483647; x = x + 1; return 0; }"), ViolationKind::SignedOverflow, 1);
  expectViolation(run("int main() { int x = -2147483647 - 1; x = x - 1; return 0; }"), ViolationKind::SignedOverflow);
  expectViolation(run("int main() { int x = 65536; x = x * x; return 0; }"), ViolationKind::SignedOverflow);
  expectViolation(run("int main() { int x = -2147483647 - 1; x = -x; return 0; }"), ViolationKind::SignedOverflow);
  expectViolation(run("int main() { long x = -9223372036854775807L - 1; int m = -1; return (int)(x / m); }"),
                  ViolationKind::SignedOverflow);
  expectViolation(run("int main() { int x = -2147483647 - 1; int m = -1; return x % m; }"),
                  ViolationKind::RemainderOverflow);
}

TEST(Overflow, SignedLeftShiftsAsCDefinesThem) {
  expectViolation(run("int main() { int one = 1, n = 31; return one << n; }"), ViolationKind::SignedOverflow);
  expectViolation(run("int main() { int m = -1; return m << 1; }"), ViolationKind::SignedOverflow);
  // Unsigned shifts wrap, and the shifts clang itself emits for bit-fields are not C shifts.
  expectEnd(run(R"(
struct B { int a : 3; unsigned b : 5; };
int main() { unsigned u = 1u, n = 31; struct B s; s.a = -2; s.b = 7; if ((u << n) != 2147483648u || s.a != -2 || (1 << 30) != 1073741824) reach_error(); return 0; })"),
            RunEnd::Returned);
}

TEST(Overflow, UnsignedAndNarrowArithmeticWrapsWithoutUb) {
  expectEnd(run(R"(
int main() { unsigned u = 4294967295u; u = u + 1; char c = 127; c = c + 1; short s = -32768; s = s - 1;
  if (u != 0 || c != -128 || s != 32767) reach_error(); return 0; })"),
            RunEnd::Returned);
}

// Under termcomp a run counts only while C's values are the mathematical ones: the first operation where C wraps
// a value around (or may have, for a value with its sign bit set) is noted.
RunResult runNotingWrapArounds(const std::string& source, std::vector<uint64_t> inputs) {
  Compiled c = compile(source);
  if (!c.interpreter) return {};
  interp::ReplayInputs replay(std::move(inputs));
  interp::RunOptions options;
  options.noteWrapArounds = true;
  return c.interpreter->run(replay, options);
}

TEST(Overflow, WrapAroundsAreNotedForTheUnboundedReading) {
  const char* narrowed = "int main() { int x = __VERIFIER_nondet_int(); signed char c = x; return c; }";
  EXPECT_FALSE(runNotingWrapArounds(narrowed, {100}).wrapAround);
  EXPECT_FALSE(runNotingWrapArounds(narrowed, {static_cast<uint32_t>(-100)}).wrapAround);
  EXPECT_TRUE(runNotingWrapArounds(narrowed, {300}).wrapAround);
  EXPECT_TRUE(runNotingWrapArounds(narrowed, {200}).wrapAround);  // 200 as a signed char is -56 in C
  const char* decrement = "int main() { unsigned u = __VERIFIER_nondet_uint(); u = u - 1; return u == 0; }";
  EXPECT_FALSE(runNotingWrapArounds(decrement, {1}).wrapAround);
  EXPECT_TRUE(runNotingWrapArounds(decrement, {0}).wrapAround);
  // A large unsigned value that C converts to int reads as a negative one: noted where unsigned values exist.
  const char* converted = "int main() { unsigned u = __VERIFIER_nondet_uint(); int x = u; return x < 0; }";
  EXPECT_FALSE(runNotingWrapArounds(converted, {5}).wrapAround);
  EXPECT_TRUE(runNotingWrapArounds(converted, {4294967295u}).wrapAround);
  const char* negative = "int main() { int x = __VERIFIER_nondet_int(); return x < 0; }";
  EXPECT_FALSE(runNotingWrapArounds(negative, {static_cast<uint32_t>(-5)}).wrapAround);
  // c++ on a char is an 8-bit addition; the builtin reports an overflow the unbounded integers do not have.
  const char* increment = "int main() { signed char c = __VERIFIER_nondet_char(); c++; return c; }";
  EXPECT_FALSE(runNotingWrapArounds(increment, {5}).wrapAround);
  EXPECT_TRUE(runNotingWrapArounds(increment, {127}).wrapAround);
  const char* builtin = "int main() { int r, x = __VERIFIER_nondet_int(); return __builtin_add_overflow(x, 1, &r); }";
  EXPECT_FALSE(runNotingWrapArounds(builtin, {5}).wrapAround);
  EXPECT_TRUE(runNotingWrapArounds(builtin, {2147483647}).wrapAround);
}

TEST(Undefined, DivisionByZeroAndShifts) {
  expectViolation(run("int main() { int z = 0; return 5 / z; }"), ViolationKind::DivisionByZero);
  expectViolation(run("int main() { unsigned z = 0; return 5u % z; }"), ViolationKind::DivisionByZero);
  expectViolation(run("int main() { int s = 32; return 1 << s; }"), ViolationKind::ShiftOutOfRange);
}

TEST(Reach, ReachErrorAndEnds) {
  expectViolation(run("int main() { reach_error(); return 0; }"), ViolationKind::ReachError, 1);
  expectEnd(run("int main() { abort(); }"), RunEnd::Aborted);
  expectEnd(run("int main() { exit(3); }"), RunEnd::Exited);
  expectEnd(run("int main() { __VERIFIER_assume(0); reach_error(); }"), RunEnd::AssumeFailed);
}

// --- Library functions ------------------------------------------------------------------------------------

TEST(Library, AllocationFunctions) {
  expectEnd(run(R"(
int main() {
  int *c = calloc(4, sizeof(int)); if (c[3] != 0) reach_error();
  c[0] = 5; c = realloc(c, 8 * sizeof(int)); if (c[0] != 5) reach_error(); c[7] = 1;
  char *m = malloc(3); memset(m, 'a', 3); if (m[2] != 'a') reach_error();
  free(m); free(c); return 0; })"),
            RunEnd::Returned);
  expectViolation(run("int main() { int *c = calloc(2, sizeof(int)); c = realloc(c, sizeof(int)); c[1] = 0; return 0; }"),
                  ViolationKind::OutOfBounds);
}

TEST(Library, MemoryCopies) {
  expectEnd(run(R"(
int main() {
  char a[8] = "abcdefg", b[8];
  memcpy(b, a, 8); if (b[6] != 'g') reach_error();
  memmove(a + 1, a, 6); if (a[1] != 'a' || a[6] != 'f') reach_error();
  int *p = malloc(sizeof(int)); int *q = malloc(sizeof(int)); *p = 7;
  int *slot[1]; memcpy(slot, &p, sizeof p); if (*slot[0] != 7) reach_error();
  free(p); free(q); return 0; })"),
            RunEnd::Returned);
  expectViolation(run("int main() { char a[4], b[8]; memcpy(a, b, 8); return 0; }"), ViolationKind::OutOfBounds);
}

TEST(Library, Strings) {
  expectEnd(run(R"(
int main() {
  char buf[16]; strcpy(buf, "hello");
  if (strlen(buf) != 5 || strcmp(buf, "hello") != 0 || strcmp(buf, "help") >= 0) reach_error();
  char n[4]; strncpy(n, "ab", 4); if (n[1] != 'b' || n[2] != 0 || n[3] != 0) reach_error();
  return 0; })"),
            RunEnd::Returned);
  expectViolation(run("int main() { char s[3] = { 'a', 'b', 'c' }; return (int)strlen(s); }"),
                  ViolationKind::OutOfBounds);
  expectViolation(run("int main() { char d[3]; strcpy(d, \"abc\"); return 0; }"), ViolationKind::OutOfBounds);
}

TEST(Library, PrintfCountsWhatItWouldWrite) {
  expectEnd(run(R"(
int printf(const char *, ...); int puts(const char *);
int main() { int n = printf("x=%d, s=%s, %5.2f%%\n", -42, "abc", 3.14159);
  if (n != 21 || puts("hi") != 3) reach_error(); return 0; })"),
            RunEnd::Returned);
  expectViolation(run("int printf(const char *, ...);\nint main() { char s[2] = { 'a', 'b' }; printf(\"%s\", s); return 0; }"),
                  ViolationKind::OutOfBounds);
}

// --- Nondeterminism ---------------------------------------------------------------------------------------

TEST(Nondet, ValuesHaveTheNamedType) {
  const char* program = "int main() { unsigned char c = __VERIFIER_nondet_uchar(); if (c == 255) reach_error(); return 0; }";
  expectViolation(run(program, {0x1FF}), ViolationKind::ReachError);
  expectEnd(run(program, {0x100}), RunEnd::Returned);
  RunResult r = run(program, {255});
  ASSERT_EQ(r.inputs.size(), 1u);
  EXPECT_EQ(r.inputs[0].bits, 8u);
  EXPECT_EQ(r.inputs[0].origin, "__VERIFIER_nondet_uchar");
}

TEST(Nondet, UndeclaredNondetIntIsAccepted) {
  expectViolation(run("int f(void) { return __VERIFIER_nondet_short(); }\n"
                      "int main() { if (f() == -1) reach_error(); return 0; }",
                      {0xFFFF}),
                  ViolationKind::ReachError);
}

// An external global's contents are not the program's: a run that reads them is no concrete execution (an ldv
// task's termination verdict assumes values there that no input gives), while one that only writes them is.
TEST(Nondet, ReadingAnExternalGlobalEndsTheRun) {
  RunResult r = run("extern int limit;\nint main() { if (limit == 3) reach_error(); return 0; }", {3, 0, 0, 0});
  EXPECT_EQ(r.end, RunEnd::Unsupported) << interp::runEndName(r.end);
  EXPECT_TRUE(r.inputs.empty());
  expectViolation(run("extern int limit;\nint main() { limit = 3; if (limit == 3) reach_error(); return 0; }", {}),
                  ViolationKind::ReachError);
}

TEST(Nondet, UninitializedMemoryIsDrawnAndStays) {
  RunResult r = run("int main() { int x; if (x == 7 && x == 7) reach_error(); return 0; }", {7, 0, 0, 0});
  expectViolation(r, ViolationKind::ReachError);
  EXPECT_EQ(r.inputs.size(), 4u);  // one draw per byte, once
}

// --- Non-termination: a complete program state that recurs at a loop head -------------------------------------

RunResult runDetectingLasso(const std::string& source, std::vector<uint64_t> inputs = {}) {
  Compiled c = compile(source);
  if (!c.interpreter) return {};
  interp::ReplayInputs replay(std::move(inputs));
  interp::RunOptions options;
  options.maxSteps = 2'000'000;
  options.detectLasso = true;
  return c.interpreter->run(replay, options);
}

TEST(Lasso, EmptyInfiniteLoop) {
  RunResult r = runDetectingLasso("int main() { while (1); return 0; }");
  expectEnd(r, RunEnd::Lasso);
  ASSERT_TRUE(r.lasso.has_value());
  EXPECT_EQ(r.lasso->loopHead.line, 13u);
  EXPECT_GT(r.lasso->periodSteps, 0u);
  EXPECT_EQ(r.lasso->stemInputs, 0u);
}

TEST(Lasso, StuckCounterWithTheInputThatStopsIt) {
  const char* source = R"(
int main() {
  int x = __VERIFIER_nondet_int();
  while (x > 5) {
    if (x != 10) x--;
  }
  return 0;
})";
  RunResult stuck = runDetectingLasso(source, {10});
  expectEnd(stuck, RunEnd::Lasso);
  ASSERT_TRUE(stuck.lasso.has_value());
  EXPECT_EQ(stuck.lasso->loopHead.line, 12u + 4);
  EXPECT_EQ(stuck.lasso->stemInputs, 1u);
  EXPECT_EQ(stuck.inputs.size(), 1u);
  expectEnd(runDetectingLasso(source, {7}), RunEnd::Returned);
}

TEST(Lasso, CountingLoopEndsWithoutLasso) {
  RunResult r = runDetectingLasso("int main() { int i; for (i = 0; i < 1000; i++); return 0; }");
  expectEnd(r, RunEnd::Returned);
  EXPECT_FALSE(r.lasso.has_value());
}

TEST(Lasso, LoopThatAllocatesNeverRepeats) {
  RunResult r = runDetectingLasso("int main() { while (1) { int *p = malloc(4); } return 0; }");
  expectEnd(r, RunEnd::StepLimit);
  EXPECT_FALSE(r.lasso.has_value());
}

TEST(Lasso, CycleLongerThanOneIteration) {
  RunResult r = runDetectingLasso("int main() { int x = 0; while (1) x = (x + 1) % 3; return 0; }");
  expectEnd(r, RunEnd::Lasso);
  ASSERT_TRUE(r.lasso.has_value());
  RunResult once = runDetectingLasso("int main() { int x = 0; while (1) x = (x + 1) % 1; return 0; }");
  ASSERT_TRUE(once.lasso.has_value());
  EXPECT_EQ(r.lasso->periodSteps, 3 * once.lasso->periodSteps);
}

TEST(Lasso, InfiniteLoopInACalledFunction) {
  RunResult r = runDetectingLasso("void spin(int *p) { while (*p) (*p)++, (*p)--; }\n"
                                  "int main() { int x = 1; spin(&x); return 0; }");
  expectEnd(r, RunEnd::Lasso);
  ASSERT_TRUE(r.lasso.has_value());
  EXPECT_EQ(r.lasso->loopHead.function, "spin");
}

TEST(Lasso, LoopBodyLocalsAndCalledFunctionsLocalsAreNewObjectsEachTime) {
  // Each iteration makes new objects (the body's address-taken local, the callee's locals): the state recurs all
  // the same, as in C, where the ended objects are gone.
  RunResult r = runDetectingLasso(R"(
int step(int v) { int t = v; int *q = &t; return *q % 2; }
int main() { int x = 0; while (1) { int v = x; int *p = &v; x = step(*p + 1); } return 0; })");
  expectEnd(r, RunEnd::Lasso);
  ASSERT_TRUE(r.lasso.has_value());
  EXPECT_EQ(r.lasso->loopHead.function, "main");
}

TEST(Lasso, AFreedObjectDoesNotKeepTheStateFromRecurring) {
  RunResult r = runDetectingLasso("int main() { while (1) { int *p = malloc(4); *p = 1; free(p); } return 0; }");
  expectEnd(r, RunEnd::Lasso);
}

TEST(Lasso, ALiveObjectMadeInTheLoopKeepsTheStateFromRecurring) {
  // A pointer to the newest object in a variable that lives on: the memory differs at every visit.
  RunResult r = runDetectingLasso(R"(
int main() { int *keep = 0; while (1) { int *p = malloc(4); if (keep) free(keep); keep = p; } return 0; })");
  expectEnd(r, RunEnd::StepLimit);
}

// --- Non-termination: a call repeated, nested in itself, with the same arguments and the same older memory ------

TEST(Lasso, MutualRecursionThatRepeatsACall) {
  const char* source = R"(
int g(int x);
int f(int x) { if (x <= 0) return 0; return g(x) + g(x + 1); }
int g(int x) { if (x <= 0) return 0; return f(x - 1) + f(x - 2); }
int main() { return g(__VERIFIER_nondet_int()); })";
  RunResult r = runDetectingLasso(source, {2});
  expectEnd(r, RunEnd::Lasso);
  ASSERT_TRUE(r.lasso.has_value());
  EXPECT_TRUE(r.lasso->recursion);
  EXPECT_GT(r.lasso->periodSteps, 0u);
  EXPECT_EQ(r.lasso->stemInputs, 1u);
  expectEnd(runDetectingLasso(source, {0}), RunEnd::Returned);
}

TEST(Lasso, RepeatedArgumentsWithAFallingGlobalAreNoLasso) {
  RunResult r = runDetectingLasso(R"(
int left = 50;
void descend(int x) { if (left <= 0) return; left--; descend(x); }
int main() { descend(7); return 0; })");
  expectEnd(r, RunEnd::Returned);
  EXPECT_FALSE(r.lasso.has_value());
}

TEST(Lasso, RepeatedArgumentsWithAFallingHeapCounterAreNoLasso) {
  RunResult r = runDetectingLasso(R"(
void descend(unsigned *left) { if (*left == 0) return; (*left)--; descend(left); }
int main() { unsigned *left = malloc(sizeof *left); *left = 40; descend(left); free(left); return 0; })");
  expectEnd(r, RunEnd::Returned);
  EXPECT_FALSE(r.lasso.has_value());
}

TEST(Lasso, ACallThatReturnedSaysNothingAboutALaterOne) {
  // The second f(1) repeats the first's arguments and returns; f(2), at its depth, then calls f(1) again with
  // memory as it was when the second began. That call is nested in f(2), not in a call with its arguments.
  RunResult r = runDetectingLasso(R"(
int g = 0;
int f(int x) {
  if (g == 0) { g = 1; return f(x) + f(x + 1); }
  if (x == 1) return 0;
  return f(1);
}
int main() { return f(1); })");
  expectEnd(r, RunEnd::Returned);
  EXPECT_FALSE(r.lasso.has_value());
}

TEST(Lasso, OffByDefault) {
  RunResult r = run("int main() { while (1); return 0; }");
  EXPECT_EQ(r.end, RunEnd::StepLimit);  // run() allows 50M steps
}

// --- Paused executions: the explicit-state search's view of a run ----------------------------------------------

// A command loop: 1 counts modulo 3, 2 resets, anything else ends the program. The command's variable is a fresh
// object in each iteration.
const char* kCounterCommands = R"(
int count = 0;
int main() {
  while (1) {
    int command = __VERIFIER_nondet_int();
    if (command == 1) count = (count + 1) % 3;
    else if (command == 2) count = 0;
    else return command;
  }
})";

std::unique_ptr<interp::PausedExecution> pausedAfter(const interp::PausedExecution& from,
                                                     const std::vector<uint64_t>& values) {
  std::unique_ptr<interp::PausedExecution> at;
  const interp::PausedExecution* current = &from;
  for (uint64_t v : values) {
    auto next = current->resume(v);
    if (!std::holds_alternative<std::unique_ptr<interp::PausedExecution>>(next)) {
      ADD_FAILURE() << "the execution ended after " << v;
      return nullptr;
    }
    at = std::move(std::get<std::unique_ptr<interp::PausedExecution>>(next));
    current = at.get();
  }
  return at;
}

// The command loop paused before its first command (with the inputs and options it needs while it lives).
struct CounterAtStart {
  Compiled compiled = compile(kCounterCommands);
  interp::ReplayInputs none{{}};
  interp::RunOptions options;
  std::unique_ptr<interp::PausedExecution> start;
  CounterAtStart() {
    if (!compiled.interpreter) return;
    auto started = compiled.interpreter->start(none, options);
    if (auto* paused = std::get_if<std::unique_ptr<interp::PausedExecution>>(&started)) start = std::move(*paused);
  }
};

TEST(Paused, ExecutionsStopBeforeEachNondetCallAndGoOnWithTheValueGiven) {
  CounterAtStart counter;
  ASSERT_TRUE(counter.start);
  const interp::PausedExecution& start = *counter.start;
  EXPECT_EQ(start.request().bits, 32u);
  EXPECT_TRUE(start.request().isSigned);
  EXPECT_TRUE(start.inputs().empty());
  // Resuming copies: the same paused execution continues differently with each value.
  auto ended = start.resume(7);
  ASSERT_TRUE(std::holds_alternative<RunResult>(ended));
  EXPECT_EQ(std::get<RunResult>(ended).end, RunEnd::Returned);
  ASSERT_EQ(std::get<RunResult>(ended).inputs.size(), 1u);
  EXPECT_EQ(std::get<RunResult>(ended).inputs[0].value, 7u);
  auto once = pausedAfter(start, {1});
  ASSERT_TRUE(once);
  EXPECT_EQ(once->inputs().size(), 1u);
}

TEST(Paused, EqualStatesHashAlikeWhateverTheInputsThatLedThere) {
  CounterAtStart counter;
  ASSERT_TRUE(counter.start);
  const interp::PausedExecution& start = *counter.start;
  auto counted = pausedAfter(start, {1, 1, 1});  // back to 0
  auto reset = pausedAfter(start, {1, 2});       // 0, and the last command differs
  auto one = pausedAfter(start, {1});
  auto oneAgain = pausedAfter(start, {2, 1, 1, 1, 1});
  ASSERT_TRUE(counted && reset && one && oneAgain);
  // The last command is still in its variable, but the variable is overwritten before it is read again: it is not
  // part of the state.
  EXPECT_EQ(counted->stateHash(), start.stateHash());
  EXPECT_EQ(reset->stateHash(), start.stateHash());
  EXPECT_EQ(one->stateHash(), oneAgain->stateHash());
  EXPECT_NE(one->stateHash(), start.stateHash());
}

TEST(Paused, ComparedConstantsAreThoseInputsMeet) {
  Compiled c = compile(R"(
int mode = 40;
int check(int v) { return v == 17 || v > 250; }
int main() {
  int x = __VERIFIER_nondet_int();
  int stored = x;
  if (mode == 41) return 0;
  if (check(stored + 1)) reach_error();
  switch (x) { case -3: return 1; case 9: return 2; }
  return 0;
})");
  ASSERT_TRUE(c.interpreter);
  // 40 and 41 are compared with a global that no input reaches.
  // 0: the result of check() is compared with it.
  EXPECT_EQ(c.interpreter->comparedConstants(), (std::vector<uint64_t>{0, 9, 17, 250, static_cast<uint64_t>(-3)}));
}

// --- The falsifier's verdicts -------------------------------------------------------------------------------

// The falsifier searches until its deadline; a sanitizer build runs it several times slower.
#if defined(__SANITIZE_ADDRESS__)
constexpr double kSanitizerSlowdown = 5;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr double kSanitizerSlowdown = 5;
#else
constexpr double kSanitizerSlowdown = 1;
#endif
#else
constexpr double kSanitizerSlowdown = 1;
#endif

std::vector<Outcome> falsify(const std::string& source, double seconds = 1,
                             std::vector<Property> properties = {Property::Termination, Property::ValidMemsafety,
                                                                 Property::ValidMemcleanup, Property::NoOverflow,
                                                                 Property::UnreachCall}) {
  Compiled c = compile(source);
  if (!c.interpreter) return {};
  falsifier::Options options;
  options.deadline = Deadline::in(std::chrono::duration<double>(seconds * kSanitizerSlowdown));
  return falsifier::falsify(*c.interpreter, properties, options);
}

Verdict verdictOf(const std::vector<Outcome>& outcomes, Property p) {
  for (const auto& o : outcomes)
    if (o.property == p) return o.verdict;
  ADD_FAILURE() << "no outcome for " << propertyName(p);
  return Verdict::Unknown;
}

TEST(Falsifier, DeterministicProgramIsDecidedExactly) {
  auto outcomes = falsify("int main() { int s = 0; for (int i = 0; i < 1000; i++) s += i; return s == 499500 ? 0 : 1; }");
  for (Property p : {Property::Termination, Property::ValidMemsafety, Property::ValidMemcleanup, Property::NoOverflow,
                     Property::UnreachCall})
    EXPECT_EQ(verdictOf(outcomes, p), Verdict::True) << propertyName(p);
}

TEST(Falsifier, FindsBoundaryBugsAndNeverClaimsTrueWithInputs) {
  auto outcomes = falsify(R"(
int main() { int x = __VERIFIER_nondet_int(); if (x == -2147483647 - 1) reach_error(); return 0; })");
  EXPECT_EQ(verdictOf(outcomes, Property::UnreachCall), Verdict::False);
  EXPECT_EQ(verdictOf(outcomes, Property::Termination), Verdict::Unknown);
  EXPECT_EQ(verdictOf(outcomes, Property::NoOverflow), Verdict::Unknown);
}

TEST(Falsifier, AnOverflowThatKeepsAPropertyOpenIsShownWithItsInputs) {
  auto outcomes = falsify(R"(
int main() { int n = __VERIFIER_nondet_int(); int sum = 0; while (n > 0) { sum = sum + n; n = n - 1; } return 0; })");
  for (const auto& o : outcomes)
    if (o.property == Property::Termination) {
      ASSERT_EQ(o.verdict, Verdict::Unknown);
      const size_t shown = o.reason.find("an execution stops at signed integer overflow (line ");
      ASSERT_NE(shown, std::string::npos) << o.reason;
      EXPECT_NE(o.reason.find(" in main) with inputs __VERIFIER_nondet_int() = ", shown), std::string::npos) << o.reason;
    }
}

TEST(Falsifier, CounterexamplesCarryTheirInputs) {
  auto outcomes = falsify(R"(
int main() { int x = __VERIFIER_nondet_int(); int *p = malloc(8); if (x == 1) p[2] = 0; free(p); return 0; })");
  for (const auto& o : outcomes)
    if (o.property == Property::ValidMemsafety) {
      ASSERT_EQ(o.verdict, Verdict::False);
      ASSERT_TRUE(o.violatedPart.has_value());
      EXPECT_EQ(*o.violatedPart, MemsafetyPart::ValidDeref);
      ASSERT_TRUE(o.counterexample.has_value());
      ASSERT_EQ(o.counterexample->inputs.size(), 1u);
      EXPECT_EQ(o.counterexample->inputs[0].value, 1u);
      EXPECT_FALSE(o.counterexample->trace.empty());
    }
}

TEST(Falsifier, ExplicitStateSearchFindsALassoThatNeedsOneSequenceOfCommands) {
  // A reactive program: every command but 3, then 5 and 4 in turn, ends it. Too few generated runs to hit the
  // sequence by chance; the explicit-state search meets a state again and executes the cycle.
  Compiled c = compile(R"(
int a = 0;
int step(int in) {
  if (a == 0 && in == 3) { a = 1; return 0; }
  if (a == 1 && in == 5) { a = 2; return 0; }
  if (a == 2 && in == 4) { a = 1; return 0; }
  return -1;
}
int main() {
  while (1) {
    int in = __VERIFIER_nondet_int();
    if (in < 1 || in > 6) return 0;
    if (step(in) < 0) return 1;
  }
})");
  ASSERT_TRUE(c.interpreter);
  falsifier::Options options;
  options.deadline = Deadline::in(std::chrono::duration<double>(10 * kSanitizerSlowdown));
  options.maxGeneratedRuns = 25;
  const std::vector<Outcome> outcomes = falsifier::falsify(*c.interpreter, {Property::Termination}, options);
  ASSERT_EQ(outcomes.size(), 1u);
  ASSERT_EQ(outcomes[0].verdict, Verdict::False) << outcomes[0].reason;
  ASSERT_TRUE(outcomes[0].counterexample.has_value());
  std::vector<uint64_t> values;
  for (const NondetInput& in : outcomes[0].counterexample->inputs) values.push_back(in.value);
  ASSERT_GE(values.size(), 3u);
  EXPECT_EQ(values[0], 3u);
  for (size_t k = 1; k < values.size(); ++k) EXPECT_EQ(values[k], k % 2 ? 5u : 4u) << k;
}

TEST(StateGraph, ACycleComesWithTheValuesOfItsStemAndOfItsLoop) {
  falsifier::StateGraph graph(true);
  EXPECT_FALSE(graph.findCycle().has_value());
  graph.reach(100, falsifier::StateGraph::kNoParent, 0);  // node 0
  EXPECT_TRUE(graph.reach(101, 0, 7).second);             // 0 -7-> 1
  EXPECT_TRUE(graph.reach(102, 1, 8).second);             // 1 -8-> 2
  EXPECT_TRUE(graph.reach(103, 0, 9).second);             // 0 -9-> 3
  EXPECT_FALSE(graph.reach(102, 3, 1).second);            // 3 -1-> 2: a second way, no cycle
  EXPECT_FALSE(graph.findCycle().has_value());
  EXPECT_FALSE(graph.reach(101, 2, 5).second);  // 2 -5-> 1 closes 1 -8-> 2 -5-> 1
  std::optional<falsifier::StateGraph::Cycle> cycle = graph.findCycle();
  ASSERT_TRUE(cycle.has_value());
  EXPECT_EQ(cycle->stem, (std::vector<uint64_t>{7}));
  EXPECT_EQ(cycle->loop, (std::vector<uint64_t>{8, 5}));
  graph.drop(*cycle);
  EXPECT_FALSE(graph.findCycle().has_value());
  EXPECT_EQ(graph.nodes(), 4u);
  EXPECT_EQ(graph.edges(), 5u);
}

TEST(StateGraph, AStateThatStepsToItselfIsACycleOfOne) {
  falsifier::StateGraph graph(true);
  graph.reach(1, falsifier::StateGraph::kNoParent, 0);
  graph.reach(2, 0, 4);
  graph.reach(2, 1, 6);
  std::optional<falsifier::StateGraph::Cycle> cycle = graph.findCycle();
  ASSERT_TRUE(cycle.has_value());
  EXPECT_EQ(cycle->stem, (std::vector<uint64_t>{4}));
  EXPECT_EQ(cycle->loop, (std::vector<uint64_t>{6}));
}

TEST(Falsifier, RecurringStateRefutesTermination) {
  auto outcomes = falsify(R"(
int main() { int x = __VERIFIER_nondet_int(); while (x > 5) { if (x != 10) x--; } return 0; })");
  for (const auto& o : outcomes)
    if (o.property == Property::Termination) {
      ASSERT_EQ(o.verdict, Verdict::False) << o.reason;
      ASSERT_TRUE(o.counterexample.has_value());
      const Counterexample& cex = *o.counterexample;
      EXPECT_EQ(cex.loopInputsStart, std::optional<size_t>(1));
      ASSERT_EQ(cex.inputs.size(), 1u);
      EXPECT_EQ(cex.inputs[0].value, 10u);
      EXPECT_NE(cex.violation.find("non-termination"), std::string::npos) << cex.violation;
      EXPECT_FALSE(cex.trace.empty());
    } else {
      EXPECT_NE(o.verdict, Verdict::False) << propertyName(o.property);
    }
}

TEST(Falsifier, ExplicitStateSearchFindsTheOneSequenceOfCommands) {
  // Random commands hardly ever pass six steps of this lock; a breadth-first search over the commands the program
  // compares with finds the shortest sequence that opens it.
  auto outcomes = falsify(R"(
int state = 0;
int main() {
  while (1) {
    int c = __VERIFIER_nondet_int();
    if (c < 1 || c > 4) return 0;
    if (c == 1 && state == 0) state = 1;
    else if (c == 3 && state == 1) state = 2;
    else if (c == 2 && state == 2) state = 3;
    else if (c == 4 && state == 3) state = 4;
    else if (c == 2 && state == 4) state = 5;
    else if (c == 1 && state == 5) state = 6;
    else state = 0;
    if (state == 6) reach_error();
  }
})",
                          /*seconds=*/2, {Property::UnreachCall});
  for (const auto& o : outcomes)
    if (o.property == Property::UnreachCall) {
      ASSERT_EQ(o.verdict, Verdict::False) << o.reason;
      ASSERT_TRUE(o.counterexample.has_value());
      std::vector<uint64_t> commands;
      for (const NondetInput& in : o.counterexample->inputs) commands.push_back(in.value);
      EXPECT_EQ(commands, (std::vector<uint64_t>{1, 3, 2, 4, 2, 1}));
      EXPECT_EQ(o.counterexample->inputs[0].origin, "__VERIFIER_nondet_int");  // the replay's inputs, complete
    }
}

TEST(Falsifier, StartsAreContinuedAndVaried) {
  // The identities must be distinct and the copy equal to one of them; the violation needs them in one order.
  const char* source = R"(
int main() {
  int a = __VERIFIER_nondet_int(), b = __VERIFIER_nondet_int(), copy = __VERIFIER_nondet_int();
  if (a == b || copy != a || a < 1000 || b < 1000 || a >= 1000000 || b >= 1000000) return 0;
  for (int i = 0; i < 100000; i++)
    if (i == 99999 && a > b) reach_error();
  return 0;
})";
  Compiled c = compile(source);
  ASSERT_TRUE(c.interpreter);
  falsifier::Options options;
  options.deadline = Deadline::in(std::chrono::seconds(5));
  options.starts.push_back(falsifier::SuggestedRun{{123457, 234567, 123457}, false, ""});
  options.onlySuggested = true;
  auto once = falsifier::falsify(*c.interpreter, {Property::UnreachCall}, options);
  EXPECT_EQ(verdictOf(once, Property::UnreachCall), Verdict::Unknown);  // the start as it is: a < b
  options.onlySuggested = false;
  auto varied = falsifier::falsify(*c.interpreter, {Property::UnreachCall}, options);
  ASSERT_EQ(verdictOf(varied, Property::UnreachCall), Verdict::False);
  const Counterexample& cex = *varied[0].counterexample;
  ASSERT_EQ(cex.inputs.size(), 3u);
  EXPECT_EQ(cex.inputs[0].value, 234567u);  // the two values exchanged everywhere
  EXPECT_EQ(cex.inputs[2].value, 234567u);
}

TEST(Falsifier, GeneratedRunsStopAtTheirLimit) {
  // Only the input 777 violates; no generated input within the limit is that one.
  Compiled c = compile(R"(
int main() { if (__VERIFIER_nondet_int() == 777) reach_error(); return 0; })");
  ASSERT_TRUE(c.interpreter);
  falsifier::Options options;
  options.deadline = Deadline::in(std::chrono::seconds(5));
  options.maxGeneratedRuns = 3;
  falsifier::Statistics statistics;
  auto outcomes = falsifier::falsify(*c.interpreter, {Property::UnreachCall}, options, &statistics);
  EXPECT_EQ(verdictOf(outcomes, Property::UnreachCall), Verdict::Unknown);
  EXPECT_EQ(statistics.runs, 3u);
}

TEST(Falsifier, RunsCutAtTheirStepLimitStillFindAShortLasso) {
  // Large inputs count down for billions of instructions; the input 10 recurs within a few. Cut at 4096
  // instructions, every run is short, and the lasso is found among the first runs.
  Compiled c = compile(R"(
int main() { int x = __VERIFIER_nondet_int(); while (x > 5) { if (x != 10) x--; } return 0; })");
  ASSERT_TRUE(c.interpreter);
  falsifier::Options options;
  options.deadline = Deadline::in(std::chrono::duration<double>(5 * kSanitizerSlowdown));
  options.maxGeneratedRuns = 256;
  options.runSteps = 4096;
  falsifier::Statistics statistics;
  auto outcomes = falsifier::falsify(*c.interpreter, {Property::Termination}, options, &statistics);
  EXPECT_EQ(verdictOf(outcomes, Property::Termination), Verdict::False);
  EXPECT_LE(statistics.steps, statistics.runs * 4096);
}

TEST(Falsifier, AProgramWithoutInputIsDecidedBeyondTheStepLimitOfItsRuns) {
  // A hundred thousand instructions and no input: the first run is the only one and is not cut at 4096.
  Compiled c = compile("int main() { int s = 0; for (int i = 0; i < 20000; i++) s += i & 1; return s > 0 ? 0 : 1; }");
  ASSERT_TRUE(c.interpreter);
  falsifier::Options options;
  options.deadline = Deadline::in(std::chrono::duration<double>(5 * kSanitizerSlowdown));
  options.maxGeneratedRuns = 256;
  options.runSteps = 4096;
  auto outcomes = falsifier::falsify(*c.interpreter, {Property::Termination}, options);
  EXPECT_EQ(verdictOf(outcomes, Property::Termination), Verdict::True);
}

TEST(Falsifier, RecurringStateInAnAddressDependentRunIsNoEvidence) {
  auto outcomes = falsify(R"(
int main() { int a; while (1) { if ((unsigned long)&a == 12345) break; } return 0; })");
  EXPECT_EQ(verdictOf(outcomes, Property::Termination), Verdict::Unknown);
}

// A head state of `a` (constant), `x` and `v` (unsigned int) and `j` (short).
std::vector<interp::StateTerm> headState(uint32_t x, uint32_t v, int16_t j) {
  auto integer = [](const char* name, uint64_t bits, unsigned width, bool isSigned) {
    const std::string constant = isSigned ? std::to_string(static_cast<int64_t>(bits)) : std::to_string(bits);
    return interp::StateTerm{name, constant, true, width, isSigned, bits & ((1ull << width) - 1)};
  };
  return {interp::StateTerm{"a", "32768", true, 32, false, 32768}, integer("x", x, 32, false),
          integer("v", v, 32, false), integer("j", static_cast<uint16_t>(j), 16, true)};
}

TEST(RecurrentStates, ListsTheStatesOfAShortPeriod) {
  interp::RecurrentStates states;
  for (uint32_t visit = 0; visit <= 3; ++visit) states.add(headState(visit % 3, 0, 1), true);
  EXPECT_EQ(states.states(), (std::vector<std::string>{"a == 32768 && x == 0 && v == 0 && j == 1",
                                                       "a == 32768 && x == 1 && v == 0 && j == 1",
                                                       "a == 32768 && x == 2 && v == 0 && j == 1"}));
  EXPECT_TRUE(states.complete());
}

// The states of lcm1-both-nt.c's first inner loop: x goes down by 32768 and v up by as much, 131072 states.
TEST(RecurrentStates, StatesALongPeriodAsTheOrbitOfItsSteps) {
  interp::RecurrentStates states;
  uint32_t x = 98304, v = 4294901760u;
  for (uint32_t visit = 0; visit <= 131072; ++visit, x -= 32768, v += 32768) states.add(headState(x, v, 7), true);
  EXPECT_EQ(states.states(), std::vector<std::string>{"a == 32768 && x % 32768U == 0U && v == 32768U - x && j == 7"});
  EXPECT_TRUE(states.complete());
}

// Values of different widths in one orbit: the narrower one is written modulo its width, cast to it.
TEST(RecurrentStates, OrbitOfANarrowSignedValue) {
  interp::RecurrentStates states;
  uint32_t x = 5;
  int16_t j = -3;
  for (uint32_t visit = 0; visit <= 65536; ++visit, x += 3, j = static_cast<int16_t>(j + 6)) {
    auto state = headState(x, 0, j);
    state[1].width = 16;  // x as an unsigned short
    state[1].bits &= 0xffff;
    states.add(state, true);
  }
  EXPECT_EQ(states.states(),
            std::vector<std::string>{"a == 32768 && v == 0 && (unsigned short)j == (unsigned short)(65523U + 2U * x)"});
}

TEST(RecurrentStates, PartialWhenThePeriodEndsBeforeTheOrbit) {
  interp::RecurrentStates states;
  for (uint32_t visit = 0; visit < 1000; ++visit) states.add(headState(visit, 0, 0), true);
  EXPECT_EQ(states.states().size(), interp::RecurrentStates::kMaxListed);
  EXPECT_FALSE(states.complete());
}

TEST(RecurrentStates, PartialWhenTheValuesLeaveEveryOrbit) {
  interp::RecurrentStates states;
  for (uint32_t visit = 0; visit <= 65536; ++visit) states.add(headState(visit * visit, 0, 0), true);
  EXPECT_FALSE(states.wantsMore());
  EXPECT_EQ(states.states().size(), interp::RecurrentStates::kMaxListed);
  EXPECT_FALSE(states.complete());
}

TEST(RecurrentStates, PartialWhenAStateIsNotPinnedDown) {
  interp::RecurrentStates states;
  for (uint32_t visit = 0; visit <= 3; ++visit) states.add(headState(visit % 3, 0, 1), visit != 2);
  EXPECT_EQ(states.states().size(), 3u);
  EXPECT_FALSE(states.complete());
}

// The trace of a run: a step per source line, a call one frame deeper and the return one shallower, each input
// counted at the line that drew it, and the last branch of a line by the lines of its targets.
TEST(Trace, CallsReturnsInputsAndBranches) {
  Compiled c = compile(R"(extern int __VERIFIER_nondet_int(void);
int twice(int v) {
  return v + v;
}
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x > 3)
    x = twice(x);
  else
    x = 0;
  return x;
})");
  ASSERT_TRUE(c.interpreter);
  interp::ReplayInputs replay({5});
  interp::RunOptions options;
  options.recordTrace = true;
  const RunResult r = c.interpreter->run(replay, options);
  expectEnd(r, RunEnd::Returned);
  // compileProgram puts the environment's declarations before the program: its lines are numbered on from there.
  ASSERT_GE(r.trace.size(), 6u);
  const unsigned first = frontend::sourceLocationOf(*r.trace[0].first).line - 6;
  std::vector<unsigned> lines;
  for (const interp::TracedLine& step : r.trace) lines.push_back(frontend::sourceLocationOf(*step.first).line - first);
  lines.resize(6);
  ASSERT_EQ(lines, (std::vector<unsigned>{6, 7, 8, 3, 8, 11}));
  EXPECT_EQ(r.trace[0].inputsBefore, 0u);  // line 6 draws the input
  EXPECT_EQ(r.trace[1].inputsBefore, 1u);
  EXPECT_EQ(r.trace[1].branchTo, first + 8);  // x > 3 held: to the call, not to the else branch
  EXPECT_EQ(r.trace[1].branchNotTaken, std::vector<unsigned>{first + 10});
  EXPECT_FALSE(r.trace[0].branched());
  EXPECT_EQ(r.trace[3].depth, r.trace[2].depth + 1);  // into twice
  EXPECT_EQ(r.trace[4].depth, r.trace[2].depth);      // back in main
}

// A ring of the last lines: what it dropped is counted, and the kept lines still count the inputs before them.
TEST(Trace, KeepsTheLastLines) {
  Compiled c = compile(R"(extern int __VERIFIER_nondet_int(void);
int main(void) {
  int s = 0;
  for (int i = 0; i < 10; i++) {
    s += __VERIFIER_nondet_int();
    s -= 1;
  }
  return s;
})");
  ASSERT_TRUE(c.interpreter);
  interp::ReplayInputs replay(std::vector<uint64_t>(10, 1));
  interp::RunOptions options;
  options.recordTrace = true;
  options.maxTraceLines = 4;
  const RunResult r = c.interpreter->run(replay, options);
  expectEnd(r, RunEnd::Returned);
  ASSERT_EQ(r.trace.size(), 4u);
  EXPECT_GT(r.traceDropped, 20u);
  for (const interp::TracedLine& step : r.trace) EXPECT_EQ(step.inputsBefore, 10u);  // after the loop's last draw
}

}  // namespace
}  // namespace atropos
