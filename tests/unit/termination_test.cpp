// Unit tests of the ITS layer and the termination back end on small systems in the Termination Competition's
// SMT-LIB form: one test per technique (linear, lexicographic, multiphase, recurrent sets) with a system that needs
// it, and systems that must not be proven.
#include <gtest/gtest.h>

#include <algorithm>

#include <sstream>

#include "its/intervals.h"
#include "its/linear.h"
#include "its/nullspace.h"
#include "its/simplify.h"
#include "its/smtlib.h"
#include "termination/prover.h"

namespace atropos {
namespace {

// A system over `variables` (names, primed in the post state) with transitions "from to relation".
std::string system(const std::vector<std::string>& variables, const std::vector<std::string>& locations,
                   const std::vector<std::tuple<std::string, std::string, std::string>>& transitions) {
  std::ostringstream out;
  out << "(declare-sort Loc 0)\n";
  for (const std::string& l : locations) out << "(declare-const " << l << " Loc)\n";
  out << "(define-fun cfg_init ( (pc Loc) (src Loc) (rel Bool) ) Bool (and (= pc src) rel))\n"
      << "(define-fun cfg_trans2 ( (pc Loc) (src Loc) (pc1 Loc) (dst Loc) (rel Bool) ) Bool"
      << " (and (= pc src) (= pc1 dst) rel))\n(define-fun init_main ( (pc Loc)";
  for (const std::string& v : variables) out << " (" << v << " Int)";
  out << " ) Bool (cfg_init pc " << locations.front() << " true))\n(define-fun next_main ( (pc Loc)";
  for (const std::string& v : variables) out << " (" << v << " Int)";
  out << " (pc1 Loc)";
  for (const std::string& v : variables) out << " (" << v << "P Int)";
  out << " ) Bool (or\n";
  for (const auto& [from, to, relation] : transitions)
    out << "  (cfg_trans2 pc " << from << " pc1 " << to << " " << relation << ")\n";
  out << "))\n";
  return out.str();
}

termination::Proof prove(const std::string& text) {
  static z3::context context;
  its::ReadResult read = its::readSmtLib(text, context);
  EXPECT_TRUE(read.its.has_value()) << read.error;
  if (!read.its) return {};
  termination::ProverOptions options;
  options.deadline = Deadline::in(std::chrono::seconds(20));
  return termination::proveTermination(*read.its, context, options);
}

TEST(Its, ReaderTurnsDefiningEquationsIntoUpdatesAndTheRestIntoTemporaries) {
  z3::context context;
  its::ReadResult read = its::readSmtLib(
      system({"x", "y"}, {"a", "b"}, {{"a", "b", "(and (> x 0) (= xP (- x 1)) (> yP x))"}}), context);
  ASSERT_TRUE(read.its.has_value()) << read.error;
  ASSERT_EQ(read.its->transitions.size(), 1u);
  const its::Transition& t = read.its->transitions[0];
  EXPECT_EQ(t.update[0].to_string(), "(- x 1)");
  EXPECT_TRUE(its::isSymbol(t.update[1]));  // y' is whatever satisfies y' > x
  EXPECT_NE(t.update[1].decl().name().str(), "y");
  its::LinearIts linear = its::linearize(*read.its);
  ASSERT_EQ(linear.transitions.size(), 1u);
  EXPECT_EQ(linear.transitions[0].temporaries, 1u);
  EXPECT_EQ(linear.transitions[0].guard.size(), 2u);
}

TEST(Its, ReaderRejectsMalformedInput) {
  z3::context context;
  EXPECT_FALSE(its::readSmtLib("(declare-sort Loc 0", context).its.has_value());
  EXPECT_FALSE(its::readSmtLib("(declare-sort Loc 0)", context).its.has_value());
  EXPECT_FALSE(its::readSmtLib(system({"x"}, {"a"}, {{"a", "a", "(frobnicate x)"}}), context).its.has_value());
}

TEST(Its, WrittenSystemReadsBackTheSame) {
  z3::context context;
  its::ReadResult read = its::readSmtLib(
      system({"x", "y"}, {"a", "b"}, {{"a", "b", "(and (> x 0) (= xP (- x 1)) (= yP (* 2 y)))"},
                                      {"b", "a", "(and (>= y x) (= xP x) (= yP y))"}}),
      context);
  ASSERT_TRUE(read.its.has_value());
  std::ostringstream written;
  its::writeSmtLib(written, *read.its);
  its::ReadResult again = its::readSmtLib(written.str(), context);
  ASSERT_TRUE(again.its.has_value()) << again.error << "\n" << written.str();
  ASSERT_EQ(again.its->transitions.size(), 2u);
  for (size_t k = 0; k < 2; ++k)
    for (size_t v = 0; v < 2; ++v)
      EXPECT_TRUE(z3::eq(again.its->transitions[k].update[v], read.its->transitions[k].update[v]));
}

TEST(Its, ChainingComposesUpdates) {
  z3::context context;
  its::ReadResult read = its::readSmtLib(system({"x"}, {"a", "b", "c"},
                                                {{"a", "b", "(and (> x 0) (= xP (- x 1)))"},
                                                 {"b", "c", "(= xP (* 3 x))"},
                                                 {"c", "b", "(and (> x 5) (= xP (- x 7)))"}}),
                                         context);
  ASSERT_TRUE(read.its.has_value());
  its::LinearIts linear = its::linearize(*read.its);
  its::simplify(linear, context, its::SimplifyLimits{});
  auto components = its::cyclicComponents(linear);
  ASSERT_EQ(components.size(), 1u);
  ASSERT_EQ(components[0].size(), 1u);  // b -> c -> b became one self-loop
  const its::LinearTransition& loop = linear.transitions[components[0][0]];
  EXPECT_EQ(its::toString(loop.update[0], linear.variables), "3*x - 7");
}

TEST(Its, SameEffectUnderConditionsOnUnchangedValuesBecomesOneTransition) {
  z3::context context;
  // while (x > 0) x = x - 1, entered with n != 0 (split into n < 0 and n > 0), n never changing.
  its::ReadResult read = its::readSmtLib(
      system({"x", "n"}, {"a"},
             {{"a", "a", "(and (> x 0) (not (= n 0)) (= xP (- x 1)) (= nP n))"},
              {"a", "a", "(and (> x 5) (< n 0) (= xP (- x 1)) (= nP n))"}}),
      context);
  ASSERT_TRUE(read.its.has_value());
  its::LinearIts linear = its::linearize(*read.its);
  ASSERT_EQ(linear.transitions.size(), 3u);
  its::simplify(linear, context, its::SimplifyLimits{});
  // The conditions on n go; the condition on x, which changes, stays with each transition.
  ASSERT_EQ(linear.transitions.size(), 2u);
  for (const its::LinearTransition& t : linear.transitions)
    for (const its::Constraint& c : t.guard) EXPECT_EQ(its::toString(c.expr, linear.variables).find('n'), std::string::npos);
}

TEST(Termination, LinearRankingFunction) {
  termination::Proof proof = prove(system({"x", "y"}, {"a"}, {{"a", "a", "(and (> x y) (= xP (- x 1)) (= yP y))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
  ASSERT_EQ(proof.steps.size(), 1u);
  EXPECT_EQ(proof.steps[0].phases.size(), 1u);
}

TEST(Termination, PolynomialRankingFunctionOverProducts) {
  // ps2: while (c + y*y - 2*x + y < k) { c++; y++; x += y; } — k - c - y*y + 2*x - y decreases by exactly 1, and
  // the products' updates stay linear: (y+1)*(y+1) = y*y + 2*y + 1. The product comes through a temporary, as the
  // symbolic execution writes it.
  termination::Proof proof =
      prove(system({"c", "x", "y", "k"}, {"a"},
                   {{"a", "a",
                     "(exists ((t Int)) (and (= t (* y y)) (< (+ c t (* (- 2) x) y) k) (= cP (+ c 1)) (= yP (+ y 1)) "
                     "(= xP (+ x y 1)) (= kP k)))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
  EXPECT_TRUE(proof.productsLifted);
  EXPECT_NE(termination::describe(proof).find("y*y"), std::string::npos) << termination::describe(proof);
}

TEST(Termination, QuadraticRankingFunctionOverSquaresOfChangingValues) {
  // while (x >= 1) { if (*) { x += z; z--; } else { x += y; y--; } }: no products anywhere, but
  // 2*x + y*y + 2*y + z*z + 2*z falls by 1 on both branches and stays at least 2*x - 2 (y*y >= -2*y - 1).
  termination::Proof proof = prove(system({"x", "y", "z"}, {"a"},
                                          {{"a", "a", "(and (>= x 1) (= xP (+ x z)) (= zP (- z 1)) (= yP y))"},
                                           {"a", "a", "(and (>= x 1) (= xP (+ x y)) (= yP (- y 1)) (= zP z))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
  EXPECT_TRUE(proof.productsLifted);
}

TEST(Termination, ProductsDoNotHideANonTerminatingRun) {
  // while (x*x >= 0) x = x + y: a square is never negative, so this runs forever from every state.
  termination::Proof proof = prove(system({"x", "y"}, {"a"}, {{"a", "a", "(and (>= (* x x) 0) (= xP (+ x y)) (= yP y))"}}));
  EXPECT_NE(proof.answer, termination::Answer::Yes) << termination::describe(proof);
}

TEST(Termination, LexicographicRankingFunction) {
  // while (x > 0) { if (y > 0) y--; else { x--; y = nondet; } }
  termination::Proof proof = prove(system({"x", "y"}, {"a"},
                                          {{"a", "a", "(and (> x 0) (> y 0) (= xP x) (= yP (- y 1)))"},
                                           {"a", "a", "(and (> x 0) (<= y 0) (= xP (- x 1)))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
  EXPECT_GE(proof.steps.size(), 2u);  // no single linear function decreases on both
}

// Whether the tuple decreases lexicographically on every transition of the system from `l` back to `l`: some
// component non-negative before and lower after, the ones before it not higher (no transition violates it).
bool decreasesOnEveryLoop(const termination::Proof& proof, its::LocationId l, const std::vector<its::LinearExpr>& tuple) {
  z3::context context;
  const its::LinearIts& system = proof.system;
  std::vector<smt::Term> before, after;
  for (const std::string& v : system.variables) {
    before.push_back(context.int_const(v.c_str()));
    after.push_back(context.int_const((v + "'").c_str()));
  }
  for (const its::LinearTransition& t : system.transitions) {
    if (t.from != l || t.to != l) continue;
    std::vector<smt::Term> temporaries;
    for (unsigned k = 0; k < t.temporaries; ++k) temporaries.push_back(context.int_const(("t" + std::to_string(k)).c_str()));
    z3::solver solver(context);
    for (const its::Constraint& c : t.guard) solver.add(its::toZ3(c, context, before, temporaries));
    for (size_t v = 0; v < t.update.size(); ++v) solver.add(after[v] == its::toZ3(t.update[v], context, before, temporaries));
    z3::expr decrease = context.bool_val(false);
    z3::expr prefix = context.bool_val(true);
    for (const its::LinearExpr& f : tuple) {
      const z3::expr old = its::toZ3(f, context, before, temporaries), now = its::toZ3(f, context, after, temporaries);
      decrease = decrease || (prefix && old > now && old >= 0);
      prefix = prefix && old >= now;
    }
    solver.add(!decrease);
    if (solver.check() != z3::unsat) return false;
  }
  return true;
}

TEST(Termination, LexicographicProofReadAtALocation) {
  termination::Proof proof = prove(system({"x", "y"}, {"a"},
                                          {{"a", "a", "(and (> x 0) (> y 0) (= xP x) (= yP (- y 1)))"},
                                           {"a", "a", "(and (> x 0) (<= y 0) (= xP (- x 1)))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
  const its::LocationId a = proof.system.transitions.front().from;
  std::optional<std::vector<its::LinearExpr>> tuple = termination::lexicographicAt(proof, a);
  ASSERT_TRUE(tuple) << termination::describe(proof);
  EXPECT_EQ(tuple->size(), 2u);
  EXPECT_TRUE(decreasesOnEveryLoop(proof, a, *tuple));
  std::reverse(tuple->begin(), tuple->end());  // y first: x's step sets y to anything
  EXPECT_FALSE(decreasesOnEveryLoop(proof, a, *tuple));
}

TEST(Termination, NoLexicographicReadingOfSplitsNestedOrMinimumFunctions) {
  // A split: x-- and x++ are proven apart, by x and by -x; neither tuple decreases on the other's loop.
  termination::Proof split = prove(system({"x"}, {"a"},
                                          {{"a", "a", "(and (> x 0) (= xP (- x 1)))"},
                                           {"a", "a", "(and (< x 0) (= xP (+ x 1)))"}}));
  ASSERT_EQ(split.answer, termination::Answer::Yes) << split.reason;
  EXPECT_FALSE(termination::lexicographicAt(split, split.system.transitions.front().from));
  termination::Proof nested =
      prove(system({"x", "y"}, {"a"}, {{"a", "a", "(and (>= x 0) (= xP (+ x y)) (= yP (- y 1)))"}}));
  ASSERT_EQ(nested.answer, termination::Answer::Yes) << nested.reason;
  EXPECT_FALSE(termination::lexicographicAt(nested, nested.system.transitions.front().from));
}

TEST(Termination, MultiphaseRankingFunction) {
  // while (x >= 0) { x = x + y; y = y - 1; }: y decreases until negative, then x decreases.
  termination::Proof proof =
      prove(system({"x", "y"}, {"a"}, {{"a", "a", "(and (>= x 0) (= xP (+ x y)) (= yP (- y 1)))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
  ASSERT_EQ(proof.steps.size(), 1u);
  EXPECT_EQ(proof.steps[0].phases.size(), 2u);
}

TEST(Termination, TerminationUnderAnInvariantFromTheGuards) {
  // while (n > 0 && i > n) { while (x > 0) x -= i - n; x = n; n--; }, with a loop of its own at the outer head (so
  // no chaining joins the two): the outer loop's i > n, checked on the way into the inner loop, holds throughout it,
  // where x falls by i - n; with i <= n the inner loop would not end (no interval says so).
  auto keep = [](const std::string& changed) {
    std::string rest;
    for (const char* v : {"i", "n", "x", "m"})
      if (changed.find(std::string("(= ") + v + "P") == std::string::npos)
        rest += std::string(" (= ") + v + "P " + v + ")";
    return "(and " + changed + rest + ")";
  };
  termination::Proof proof = prove(system({"i", "n", "x", "m"}, {"s", "a", "b"},
                                          {{"s", "a", keep("true")},
                                           {"a", "a", keep("(> m 0) (= mP (- m 1))")},
                                           {"a", "b", keep("(> n 0) (> i n)")},
                                           {"b", "b", keep("(> x 0) (= xP (- x (- i n)))")},
                                           {"b", "a", keep("(<= x 0) (= xP n) (= nP (- n 1))")}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
  EXPECT_TRUE(proof.underGuardInvariants);
}

TEST(Termination, TerminationUnderAnInvariantOfTheCycle) {
  // while (*) { if (x >= y + 2) y++; else if (y >= 1) { x = y; y = 0; } } from any x, y: both branches end with
  // y < x, which the ranking function x (then x - y) needs and the first iteration need not have.
  termination::Proof proof = prove(system({"x", "y"}, {"a"},
                                          {{"a", "a", "(and (>= x (+ y 2)) (= xP x) (= yP (+ y 1)))"},
                                           {"a", "a", "(and (>= y 1) (= xP y) (= yP 0))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
  EXPECT_TRUE(proof.underCycleInvariants);
  EXPECT_FALSE(termination::lexicographicAt(proof, proof.system.start).has_value());
}

TEST(Termination, TerminationUnderAnAffineInvariant) {
  // c = a; d = b; while (c > 0) { if (d > 0) { c--; d--; } else { b++; c = a; d = b; } }: c - d = a - b throughout,
  // so the reset's d == 0 bounds a - b, which it lowers.
  auto keep = [](const std::string& changed) {
    std::string rest;
    for (const char* v : {"a", "b", "c", "d"})
      if (changed.find(std::string("(= ") + v + "P") == std::string::npos)
        rest += std::string(" (= ") + v + "P " + v + ")";
    return "(and " + changed + rest + ")";
  };
  termination::Proof proof =
      prove(system({"a", "b", "c", "d"}, {"s", "l"},
                   {{"s", "l", keep("(= cP a) (= dP b)")},
                    {"l", "l", keep("(> c 0) (> d 0) (= cP (- c 1)) (= dP (- d 1))")},
                    {"l", "l", keep("(> c 0) (= d 0) (= bP (+ b 1)) (= cP a) (= dP (+ b 1))")}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
  EXPECT_TRUE(proof.underAffineInvariants);
}

TEST(Termination, LoopRepeatedUntilItCannotBeTaken) {
  // while (r > 0) { x++; r = (x + 1) % 3; }: four iterations in a row would need the remainders of three consecutive
  // numbers all positive.
  termination::Proof proof = prove(system({"x", "r", "q"}, {"a"},
                                          {{"a", "a",
                                            "(and (> r 0) (= xP (+ x 1)) (= rP (- (+ x 2) (* 3 qP))) (>= rP 0) "
                                            "(< rP 3))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
  ASSERT_EQ(proof.steps.size(), 1u);
  EXPECT_EQ(proof.steps[0].unrolled, 4u);
  z3::context context;
  termination::RankingStep tooFew = proof.steps[0];
  tooFew.unrolled = 3;
  EXPECT_FALSE(termination::checkStep(proof.system, tooFew, context, smt::Limits{2000, Deadline::never()}));
}

TEST(Termination, CycleInvariantsAreEstablishedNotOnlyKept) {
  // y >= 5 and y <= 3 are each kept by both branches (y never changes), together they would rule out every
  // iteration; but no branch establishes either: x++ forever from y = 7.
  termination::Proof proof = prove(system({"x", "y"}, {"a"},
                                          {{"a", "a", "(and (>= y 5) (= yP y) (= xP (+ x 1)))"},
                                           {"a", "a", "(and (<= y 3) (= yP y) (= xP (+ x 1)))"}}));
  EXPECT_EQ(proof.answer, termination::Answer::No) << proof.reason;
}

TEST(Termination, CycleInvariantsDoNotCutTheWayIntoTheCycle) {
  // i = 0; while (true) { while (j > 0) j--; i++; }: i >= 1 holds at the outer head once a round is done, not on the
  // way in; the cycle must not look unreachable for it.
  auto keep = [](const std::string& changed) {
    std::string rest;
    for (const char* v : {"i", "j"})
      if (changed.find(std::string("(= ") + v + "P") == std::string::npos)
        rest += std::string(" (= ") + v + "P " + v + ")";
    return "(and " + changed + rest + ")";
  };
  termination::Proof proof = prove(system({"i", "j"}, {"s", "a", "b"},
                                          {{"s", "a", keep("(= iP 0)")},
                                           {"a", "b", keep("true")},
                                           {"b", "b", keep("(> j 0) (= jP (- j 1))")},
                                           {"b", "a", keep("(>= i 0) (= iP (+ i 1))")}}));
  EXPECT_EQ(proof.answer, termination::Answer::No) << proof.reason;
}

TEST(Termination, TransitionsSplitByTheGuardTheyEndIn) {
  // while (*) { if (x <= 0 && y >= 3) { x++; y -= 2; } else if (x >= 1) { x--; y++; } }: each branch repeats only
  // on its side of 0 (ranking -x, x), and across it they alternate, y falling by 1 a round (3x + 2y).
  termination::Proof proof = prove(system({"x", "y"}, {"a"},
                                          {{"a", "a", "(and (<= x 0) (>= y 3) (= xP (+ x 1)) (= yP (- y 2)))"},
                                           {"a", "a", "(and (>= x 1) (= xP (- x 1)) (= yP (+ y 1)))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
  EXPECT_TRUE(proof.splitByWhatFollows);
}

TEST(Termination, NonLinearGrowthBoundedByTheGuard) {
  // while (x >= 2 && y > x) x = x * x: the square is at least 4x - 4 where x >= 2, so y - x decreases.
  termination::Proof proof = prove(
      system({"x", "y"}, {"a"}, {{"a", "a", "(and (>= x 2) (> y x) (= xP (* x x)) (= yP y))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
  // Where the factor's bound allows no growth (x >= 1: 1 * 1 = 1), there is none to find: x = 1 runs forever.
  termination::Proof stuck = prove(
      system({"x", "y"}, {"a"}, {{"a", "a", "(and (>= x 1) (> y x) (= xP (* x x)) (= yP y))"}}));
  EXPECT_NE(stuck.answer, termination::Answer::Yes);
  // A factor's constant counts in its bounds: x + 1 <= 6 where x <= 5, so (x + 1)^2 - 31 may be x again (x = 5).
  termination::Proof fixed = prove(system(
      {"x"}, {"s", "a"},
      {{"s", "a", "(>= xP 0)"}, {"a", "a", "(and (>= x 0) (<= x 5) (= xP (- (* (+ x 1) (+ x 1)) 31)))"}}));
  EXPECT_NE(fixed.answer, termination::Answer::Yes);
}

TEST(Termination, CycleThroughTwoLocations) {
  termination::Proof proof = prove(system({"i", "n"}, {"s", "h", "b"},
                                          {{"s", "h", "(and (= iP 0) (= nP n))"},
                                           {"h", "b", "(and (< i n) (= iP i) (= nP n))"},
                                           {"b", "h", "(and (= iP (+ i 1)) (= nP n))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
}

TEST(Termination, DivisionByAConstantStaysExact) {
  // while (x > 0) x = x / 2;
  termination::Proof proof = prove(system({"x"}, {"a"}, {{"a", "a", "(and (> x 0) (= xP (div x 2)))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
}

TEST(Termination, ProductsVanishOnceTheLoopHasDrivenTheirFactorsToZero) {
  // while (p*p - n*q + q*r + c <= k) { q = q / 4; p = p / 2; c++; } with p, q >= 0: q, then p, fall to 0 and stay;
  // only then does k - c bound the loop. Cases q > 0, q == 0 && p > 0, both zero (its/vanishing.h).
  termination::Proof proof = prove(system(
      {"p", "q", "r", "n", "c", "k"}, {"a"},
      {{"a", "a",
        "(and (>= p 0) (>= q 0) (<= (+ (* p p) (* (- 1) n q) (* q r) c) k) (= pP (div p 2)) (= qP (div q 4)) "
        "(= rP r) (= nP n) (= cP (+ c 1)) (= kP k))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
  const std::string text = termination::describe(proof);
  EXPECT_NE(text.find("-c + k"), std::string::npos) << text;
  EXPECT_NE(text.find("split into cases by which of p, q are zero"), std::string::npos) << text;
}

TEST(Termination, ProductWithATemporaryThatTheVanishingVariableDefinesVanishesToo) {
  // while (p * (16 * q) + c <= k) { q = q / 2; c++; } with the product of p and a temporary t == q * 16.
  termination::Proof proof = prove(system(
      {"q", "p", "c", "k"}, {"a"},
      {{"a", "a",
        "(exists ((t Int)) (and (>= q 0) (= t (* q 16)) (<= (+ (* p t) c) k) (= qP (div q 2)) (= pP p) "
        "(= cP (+ c 1)) (= kP k)))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
  const std::string text = termination::describe(proof);
  EXPECT_NE(text.find("split into cases by whether q is zero"), std::string::npos) << text;
}

TEST(Termination, VanishedProductsDoNotHideANonTerminatingRun) {
  // while (x >= 0 && x*y >= 0) x = x / 2: once x is 0, the guard holds forever.
  termination::Proof proof =
      prove(system({"x", "y"}, {"a"}, {{"a", "a", "(and (>= x 0) (>= (* x y) 0) (= xP (div x 2)) (= yP y))"}}));
  EXPECT_NE(proof.answer, termination::Answer::Yes) << termination::describe(proof);
}

TEST(Termination, TransitionThatEndsEveryRunIsRemoved) {
  // while (j > 0) j++ on a 4-bit unsigned j: the wrap-around to 0 leaves the loop.
  termination::Proof proof = prove(system({"j"}, {"a"},
                                          {{"a", "a", "(and (>= j 1) (<= j 14) (= jP (+ j 1)))"},
                                           {"a", "a", "(and (= j 15) (= jP 0))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
  ASSERT_GE(proof.steps.size(), 2u);
  EXPECT_TRUE(proof.steps[0].phases.empty());
}

TEST(Termination, TransitionsThatCannotFollowEachOtherAreProvenApart) {
  // while (x != 0) { if (x > 0) x--; else x++; }: no linear function decreases on both, but neither can follow
  // the other, so each is a loop of its own.
  termination::Proof proof = prove(system({"x"}, {"a"},
                                          {{"a", "a", "(and (> x 0) (= xP (- x 1)))"},
                                           {"a", "a", "(and (< x 0) (= xP (+ x 1)))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
  ASSERT_EQ(proof.steps.size(), 3u);
  EXPECT_EQ(proof.steps[0].parts.size(), 2u);
  z3::context context;
  termination::RankingStep wrong = proof.steps[0];
  wrong.parts = {{wrong.component[0]}};  // the other transition still has a cycle, in no part
  EXPECT_FALSE(termination::checkStep(proof.system, wrong, context, smt::Limits{2000, Deadline::never()}));
}

TEST(Termination, TransitionsThatFollowEachOtherStayTogether) {
  // while (x != 0) x = -x: each transition alone ends, but they alternate forever.
  termination::Proof proof = prove(system({"x"}, {"a"},
                                          {{"a", "a", "(and (> x 0) (= xP (- x)))"},
                                           {"a", "a", "(and (< x 0) (= xP (- x)))"}}));
  EXPECT_EQ(proof.answer, termination::Answer::No) << proof.reason;
}

TEST(Termination, MinimumOfTwoFunctions) {
  // while (q > 0 && p > 0) { if (q < p) { q--; p = nondet; } else if (p < q) { p--; q = nondet; } }: min(p, q)
  // falls on both branches, and no linear, lexicographic or nested function does.
  termination::Proof proof = prove(system({"p", "q"}, {"a"},
                                          {{"a", "a", "(and (> q 0) (> p 0) (< q p) (= qP (- q 1)))"},
                                           {"a", "a", "(and (> q 0) (> p 0) (< p q) (= pP (- p 1)))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
  ASSERT_EQ(proof.steps.size(), 1u);
  ASSERT_EQ(proof.steps[0].extremum, termination::RankingStep::Extremum::Minimum);
  z3::context context;
  termination::RankingStep wrong = proof.steps[0];
  its::LocationId a = proof.system.transitions[wrong.component[0]].from;
  for (termination::RankingFunction& f : wrong.phases) f.perLocation[a] = its::LinearExpr::variable(0);
  EXPECT_FALSE(termination::checkStep(proof.system, wrong, context, smt::Limits{2000, Deadline::never()}));
}

TEST(Termination, MaximumOfTwoFunctions) {
  // while (x > 0 && y > 0) { if (*) { x = y - 2; y--; } else { y = x - 1; x--; } }: max(x, y) falls on both
  // branches, and no linear, lexicographic, nested function or minimum does.
  termination::Proof proof =
      prove(system({"x", "y"}, {"a"},
                    {{"a", "a", "(and (> x 0) (> y 0) (= xP (- y 2)) (= yP (- y 1)))"},
                     {"a", "a", "(and (> x 0) (> y 0) (= xP (- x 1)) (= yP (- x 1)))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
  ASSERT_EQ(proof.steps.size(), 1u);
  ASSERT_EQ(proof.steps[0].extremum, termination::RankingStep::Extremum::Maximum);
  z3::context context;
  termination::RankingStep asMinimum = proof.steps[0];
  asMinimum.extremum = termination::RankingStep::Extremum::Minimum;
  EXPECT_FALSE(termination::checkStep(proof.system, asMinimum, context, smt::Limits{2000, Deadline::never()}));
}

TEST(Termination, NonTerminationByFixedPoint) {
  // while (x > 5) { if (x != 10) x--; }
  termination::Proof proof = prove(system({"x"}, {"a"},
                                          {{"a", "a", "(and (> x 5) (not (= x 10)) (= xP (- x 1)))"},
                                           {"a", "a", "(and (> x 5) (= x 10) (= xP x))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::No);
  ASSERT_TRUE(proof.witness.has_value());
  EXPECT_EQ(proof.witness->kind, "fixed point");
}

TEST(Termination, NonTerminationByClosedGuard) {
  // while (x >= 0) x = x + 1 (mathematical integers).
  termination::Proof proof = prove(system({"x"}, {"a"}, {{"a", "a", "(and (>= x 0) (= xP (+ x 1)))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::No);
  EXPECT_EQ(proof.witness->kind, "closed guard");
}

TEST(Termination, NonTerminationByClosedGuardWithTemporaries) {
  // while (x > 2) { x++; y = nondet(); }: y is chosen anew each time, and nothing depends on it.
  termination::Proof proof = prove(system({"x", "y"}, {"a"}, {{"a", "a", "(and (> x 2) (= xP (+ x 1)))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::No) << proof.reason;
  EXPECT_EQ(proof.witness->kind, "closed guard");
}

TEST(Termination, NonTerminationByEventuallyIncreasingGuard) {
  // while (x > 0) { x = x + y; y++; }: x > 0 alone is not closed (y < 0), x > 0 && y >= 0 is.
  termination::Proof proof =
      prove(system({"x", "y"}, {"a"}, {{"a", "a", "(and (> x 0) (= xP (+ x y)) (= yP (+ y 1)))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::No) << proof.reason;
  EXPECT_EQ(proof.witness->kind, "eventually increasing guard");
}

TEST(Termination, NonTerminationByTheLocationsGuardsTogether) {
  // y goes up from 1 to 10 with x = 1, then down to 0 with x = 0, then up again, while z counts the steps: no state
  // recurs and no cycle searched alone is closed, but the states where some branch applies are.
  termination::Proof proof =
      prove(system({"x", "y", "z"}, {"s", "a"},
                   {{"s", "a", "(and (= xP 1) (= yP 1))"},
                    {"a", "a", "(and (= x 1) (> y 0) (< y 10) (= xP 1) (= yP (+ y 1)) (= zP (+ z 1)))"},
                    {"a", "a", "(and (= x 0) (> y 0) (< y 10) (= xP 0) (= yP (- y 1)) (= zP (+ z 1)))"},
                    {"a", "a", "(and (= y 10) (= xP 0) (= yP 9) (= zP (+ z 1)))"},
                    {"a", "a", "(and (= y 0) (= xP 1) (= yP 1) (= zP (+ z 1)))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::No) << proof.reason;
  EXPECT_EQ(proof.witness->kind, "closed guards of the location");
  EXPECT_EQ(proof.witness->cycles.size(), 4u);
}

TEST(Termination, NonTerminationWhereTheLocationsGuardsLoseTheirEdge) {
  // flip: (x, x) -> (x, x - 1) -> (x - 1, x) -> (x, x) for x >= 2 while z counts up; the guards together are not
  // closed, since (1, 1) leads to (1, 0), but without the states that have no way back they are.
  termination::Proof proof =
      prove(system({"x", "y", "z"}, {"s", "a"},
                   {{"s", "a", "(and (> xP 0) (> yP 0))"},
                    {"a", "a", "(and (> x 0) (= x y) (= xP x) (= yP (- x 1)) (= zP (+ z 1)))"},
                    {"a", "a", "(and (> x 0) (> y 0) (> y x) (= xP y) (= yP y) (= zP (+ z 1)))"},
                    {"a", "a", "(and (> x 0) (> y 0) (< y x) (= xP y) (= yP x) (= zP (+ z 1)))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::No) << proof.reason;
  EXPECT_EQ(proof.witness->kind, "closed guards of the location");
}

TEST(Termination, NonTerminationFoundByAConcreteRun) {
  // Five locations in a row and back, once x is 5, each with a way out: a cycle through more locations where a run
  // may choose than any searched, which a run from x = 5 takes.
  termination::Proof proof = prove(system({"x"}, {"s", "a", "b", "c", "d", "e", "z"},
                                          {{"s", "a", "(>= xP 0)"},
                                           {"a", "b", "(and (= x 5) (= xP x))"},
                                           {"b", "c", "(= xP x)"},
                                           {"c", "d", "(= xP x)"},
                                           {"d", "e", "(= xP x)"},
                                           {"e", "a", "(= xP x)"},
                                           {"a", "z", "(and (< x 0) (= xP x))"},
                                           {"b", "z", "(and (< x 0) (= xP x))"},
                                           {"c", "z", "(and (< x 0) (= xP x))"},
                                           {"d", "z", "(and (< x 0) (= xP x))"},
                                           {"e", "z", "(and (< x 0) (= xP x))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::No) << proof.reason;
  EXPECT_EQ(proof.witness->kind, "recurring state");
  EXPECT_EQ(proof.witness->cycles.front().size(), 5u);
}

TEST(Termination, NonTerminationAlongAChainOfLocations) {
  // A cycle of six transitions, as translations from programs make them, with one way on at each location: it
  // counts as one choice, so its closed guard is found.
  termination::Proof proof = prove(system({"x", "y"}, {"s", "a", "b", "c", "d", "e", "f", "z"},
                                          {{"s", "a", "(and (= xP x) (= yP y))"},
                                           {"a", "b", "(and (>= x 1) (= xP x) (= yP y))"},
                                           {"b", "c", "(and (= xP (+ (* 3 x) 1)) (= yP y))"},
                                           {"c", "d", "(and (= xP x) (= yP y))"},
                                           {"d", "e", "(and (= xP x) (= yP xP))"},
                                           {"e", "f", "(and (>= y 1) (= xP x) (= yP y))"},
                                           {"f", "a", "(and (= xP x) (= yP y))"},
                                           {"a", "z", "(and (< x 1) (= xP x) (= yP y))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::No) << proof.reason;
  EXPECT_EQ(proof.witness->cycles.front().size(), 6u);
}

TEST(Termination, NonTerminationThroughAnInnerLoopRunToItsEnd) {
  // while (x > 0) { x++; y = x; while (y > 0) y--; }: the outer loop's cycle passes the inner loop x + 1 times;
  // with the inner loop as one transition repeated n times the cycle's guard is closed.
  termination::Proof proof = prove(system({"x", "y"}, {"s", "a", "b"},
                                          {{"s", "a", "(> xP 0)"},
                                           {"a", "b", "(and (> x 0) (= xP (+ x 1)) (= yP (+ x 1)))"},
                                           {"b", "b", "(and (> y 0) (= xP x) (= yP (- y 1)))"},
                                           {"b", "a", "(and (= y 0) (= xP x) (= yP y))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::No) << proof.reason;
  EXPECT_FALSE(proof.witness->repetitions.empty());
}

TEST(Termination, RepetitionWhereTheGuardMakesTheStepConstant) {
  // As above, with the inner loop counting y and z down together, z' = y - 1 under y = z.
  termination::Proof proof =
      prove(system({"x", "y", "z"}, {"s", "a", "b"},
                   {{"s", "a", "(> xP 0)"},
                    {"a", "b", "(and (> x 0) (= xP (+ x 1)) (= yP (+ x 1)) (= zP (+ x 1)))"},
                    {"b", "b", "(and (> y 0) (= y z) (= xP x) (= yP (- y 1)) (= zP (- y 1)))"},
                    {"b", "a", "(and (= y 0) (= z 0) (= xP x) (= yP y) (= zP z))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::No) << proof.reason;
  EXPECT_FALSE(proof.witness->repetitions.empty());
}

TEST(Termination, RepetitionOfASelfLoopIsRechecked) {
  z3::context context;
  its::ReadResult read = its::readSmtLib(
      system({"x"}, {"a"}, {{"a", "a", "(and (> x 0) (< x 100) (= xP (+ x 1)))"}}), context);
  ASSERT_TRUE(read.its.has_value());
  const smt::Term x = read.its->variables[0];
  const smt::Term n = context.int_const("n");
  const smt::Limits limits{2000, Deadline::never()};
  its::Transition right = read.its->transitions[0];
  right.guard = n >= 1 && x > 0 && x + n - 1 < 100;
  right.update = {x + n};
  // A set that only the repetition keeps closed would do as well; x > 0 needs the self-loop alone.
  termination::RecurrentSet set{{{0, right}}, {}, 0, {{1}}, x > 0 && x < 100, "closed guard"};
  EXPECT_FALSE(termination::checkRecurrentSet(*read.its, set, context, limits));  // 99 + n leaves the set
  set.states = x > 0 && x < 0;
  EXPECT_FALSE(termination::checkRecurrentSet(*read.its, set, context, limits));
  its::Transition wrong = right;
  wrong.update = {x + 2 * n - 2};  // not n runs of x++ (with n = 1 it stays put, and x == 50 would be closed)
  termination::RecurrentSet fixedPoint{{{0, wrong}}, {}, 0, {{1}}, x == 50, "fixed point"};
  EXPECT_FALSE(termination::checkRecurrentSet(*read.its, fixedPoint, context, limits));
  its::Transition zero = right;
  zero.guard = n >= 0 && x > 0 && x + n - 1 < 100;  // n = 0 would stay put
  termination::RecurrentSet stays{{{0, zero}}, {}, 0, {{1}}, x == 50, "fixed point"};
  EXPECT_FALSE(termination::checkRecurrentSet(*read.its, stays, context, limits));
}

TEST(Termination, StemThroughIterationsOfAnotherLoop) {
  // x = 3; while (2 < x && x < 6) x++; while (x > 5) x += 3;: the second loop's guard is closed, reached after three
  // iterations of the first, taken as one repetition of it.
  termination::Proof proof = prove(system({"x"}, {"s", "a", "b"},
                                          {{"s", "a", "(= xP 3)"},
                                           {"a", "a", "(and (> x 2) (< x 6) (= xP (+ x 1)))"},
                                           {"a", "b", "(and (> x 5) (= xP x))"},
                                           {"b", "b", "(and (> x 5) (= xP (+ x 3)))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::No) << proof.reason;
  ASSERT_EQ(proof.witness->stem.size(), 3u);
  EXPECT_EQ(proof.witness->stem[1], 4u);  // the first one after the system's own four transitions
  ASSERT_EQ(proof.witness->repetitions.size(), 2u);
  EXPECT_EQ(proof.witness->repetitions[0].of, 1u);
}

TEST(Termination, UnreachableRecurrentSetIsNoNonTermination) {
  // x = 0; while (x > 0) x++;
  termination::Proof proof = prove(system({"x"}, {"s", "a", "e"},
                                          {{"s", "a", "(= xP 0)"},
                                           {"a", "a", "(and (> x 0) (= xP (+ x 1)))"},
                                           {"a", "e", "(and (<= x 0) (= xP x))"}}));
  EXPECT_NE(proof.answer, termination::Answer::No);
}

TEST(Termination, RecurrentSetCertificateIsRechecked) {
  z3::context context;
  its::ReadResult read =
      its::readSmtLib(system({"x"}, {"a"}, {{"a", "a", "(and (> x 0) (= xP (+ x 1)))"}}), context);
  ASSERT_TRUE(read.its.has_value());
  const smt::Limits limits{2000, Deadline::never()};
  const smt::Term x = read.its->variables[0];
  termination::RecurrentSet set{{}, {}, 0, {{0}}, x > 0, "closed guard"};
  EXPECT_TRUE(termination::checkRecurrentSet(*read.its, set, context, limits));
  set.states = x > 0 && x < 10;  // not closed: 9 leads to 10
  EXPECT_FALSE(termination::checkRecurrentSet(*read.its, set, context, limits));
  set.states = x > 0 && x < 0;  // empty
  EXPECT_FALSE(termination::checkRecurrentSet(*read.its, set, context, limits));
  set.states = x > 0;
  set.cycles = {{}};  // not a cycle
  EXPECT_FALSE(termination::checkRecurrentSet(*read.its, set, context, limits));
}

TEST(Its, IntervalInvariantsHoldFromTheStart) {
  // x = 5; while (x < 10) x++;: at the loop head 5 <= x <= 10 (widening loses the 10, narrowing finds it again).
  z3::context context;
  its::ReadResult read = its::readSmtLib(system({"x"}, {"s", "a", "e"},
                                                {{"s", "a", "(= xP 5)"},
                                                 {"a", "a", "(and (< x 10) (= xP (+ x 1)))"},
                                                 {"a", "e", "(and (>= x 10) (= xP x))"}}),
                                         context);
  ASSERT_TRUE(read.its.has_value());
  its::LinearIts linear = its::linearize(*read.its);
  const auto invariants = its::intervalInvariants(linear, Deadline::never());
  ASSERT_EQ(invariants.size(), 3u);
  ASSERT_TRUE(invariants[1].has_value());
  const its::Interval& x = (*invariants[1])[0];
  ASSERT_TRUE(x.low && x.high);
  EXPECT_EQ(static_cast<long long>(*x.low), 5);
  EXPECT_EQ(static_cast<long long>(*x.high), 10);
  ASSERT_TRUE(invariants[0].has_value());
  EXPECT_FALSE((*invariants[0])[0].low.has_value());  // the start: any value
}

TEST(Termination, TerminationUnderAnIntervalInvariant) {
  // while (x >= 1) { x--; if (x <= -1) continue-forever-branch }: from x >= 1, x never gets below 0, so the branch
  // on which x falls without end is never taken. Without the invariant that branch runs forever.
  termination::Proof proof = prove(system({"x"}, {"s", "a", "b"},
                                          {{"s", "a", "(and (>= x 1) (= xP x))"},
                                           {"a", "b", "(= xP (- x 1))"},
                                           {"b", "a", "(and (>= x 1) (= xP x))"},
                                           {"b", "a", "(and (<= x (- 1)) (= xP x))"}}));
  EXPECT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
}

TEST(Termination, TerminationUnderAnIntervalWidenedToAGuardsBound) {
  // x = 300; while (x != 100) x--, as x <= 99 || x >= 101: widened to x >= 101 (a guard's bound) rather than to no
  // bound, the invariant shows that the branch x <= 99, on which x falls without end, is never taken.
  termination::Proof proof = prove(system({"x"}, {"s", "a", "b"},
                                          {{"s", "a", "(= xP 300)"},
                                           {"a", "b", "(= xP (- x 1))"},
                                           {"b", "a", "(and (<= x 99) (= xP x))"},
                                           {"b", "a", "(and (>= x 101) (= xP x))"}}));
  EXPECT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
}

TEST(Termination, NondeterministicUpdateIsNotProven) {
  // while (x > 0) x = nondet: no proof may exist.
  termination::Proof proof = prove(system({"x"}, {"a"}, {{"a", "a", "(> x 0)"}}));
  EXPECT_NE(proof.answer, termination::Answer::Yes);
}

TEST(Termination, UnreachableCycleNeedsNoProof) {
  termination::Proof proof =
      prove(system({"x"}, {"s", "l"}, {{"s", "s", "(and (> x 0) (= xP (- x 1)))"}, {"l", "l", "(= xP x)"}}));
  EXPECT_EQ(proof.answer, termination::Answer::Yes) << proof.reason;
}

TEST(Termination, EveryCertificateIsRechecked) {
  termination::Proof proof = prove(system({"x"}, {"a"}, {{"a", "a", "(and (> x 0) (= xP (- x 2)))"}}));
  ASSERT_EQ(proof.answer, termination::Answer::Yes);
  z3::context context;
  termination::RankingStep wrong = proof.steps[0];
  // A function that increases: the check must reject it.
  wrong.phases[0].perLocation[proof.system.transitions[wrong.component[0]].from] =
      its::LinearExpr::variable(0).scaled(-1);
  EXPECT_FALSE(termination::checkStep(proof.system, wrong, context, smt::Limits{2000, Deadline::never()}));
  EXPECT_TRUE(termination::checkStep(proof.system, proof.steps[0], context, smt::Limits{2000, Deadline::never()}));
}

}  // namespace
}  // namespace atropos

// The relations among the columns: here column 2 is twice column 0 plus column 1, and column 3 is the product of
// columns 0 and 1 (a monomial), which no linear relation reaches.
TEST(NullSpace, FindsExactlyTheLinearRelationsAmongColumns) {
  std::vector<std::vector<int64_t>> rows;
  for (int64_t a : {1, 2, 5, -3})
    for (int64_t b : {0, 7, -2}) rows.push_back({a, b, 2 * a + b, a * b});
  auto basis = atropos::its::integerNullSpace(rows, 4);
  ASSERT_TRUE(basis.has_value());
  ASSERT_EQ(basis->size(), 1u);
  EXPECT_EQ((*basis)[0], (std::vector<int64_t>{2, 1, -1, 0}));
  // Full column rank: no relation.
  auto none = atropos::its::integerNullSpace({{1, 0}, {0, 1}, {1, 1}}, 2);
  ASSERT_TRUE(none.has_value());
  EXPECT_TRUE(none->empty());
}
