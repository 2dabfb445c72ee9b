// Unit tests of the solver layer: the work it runs in a child process (smt/isolated.h: what the child hands back, and
// that nothing the child does, throw, crash or run on, reaches the parent), the solvers its factory makes, and the
// one place where Z3's exceptions become answers.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <new>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "smt/failure.h"
#include "smt/integers.h"
#include "smt/isolated.h"
#include "smt/solver.h"
#include "smt/term.h"

using namespace atropos;
using namespace std::chrono_literals;

TEST(SmtIsolated, WorkApartHandsBackItsText) {
  EXPECT_EQ(smt::runApart([] { return std::string("answer\n"); }, 5s), "answer\n");
}

TEST(SmtIsolated, WorkApartThatFailsOrRunsOnGivesNothing) {
  EXPECT_FALSE(smt::runApart([]() -> std::string { throw std::bad_alloc(); }, 5s))
      << "an exception of any kind ends the child, not the parent";
  EXPECT_FALSE(smt::runApart([]() -> std::string { std::abort(); }, 5s));
  EXPECT_FALSE(smt::runApart(
      [] {
        volatile unsigned long steps = 0;
        for (;;) steps = steps + 1;
        return std::string();
      },
      200ms));
}

TEST(SmtIsolated, ACheckApartAnswersAndASatisfiableOneLeavesAModel) {
  z3::context c;
  z3::expr x = c.bv_const("x", 32), y = c.bv_const("y", 32);
  z3::expr flag = c.bool_const("flag");
  z3::solver sat(c);
  sat.add(x * y == c.bv_val(391, 32) && z3::ugt(x, c.bv_val(1, 32)) && z3::ult(x, y) && z3::ult(y, c.bv_val(100, 32)));
  sat.add(flag == (x == c.bv_val(17, 32)));
  ASSERT_EQ(smt::checkIsolated(sat, 5s), z3::sat);
  z3::model m = sat.get_model();
  EXPECT_EQ(m.eval(x, true).get_numeral_uint(), 17u);
  EXPECT_EQ(m.eval(y, true).get_numeral_uint(), 23u);
  EXPECT_TRUE(m.eval(flag, true).is_true());

  z3::solver unsat(c);
  unsat.add(z3::ult(x, c.bv_val(3, 32)) && z3::ugt(x, c.bv_val(5, 32)));
  EXPECT_EQ(smt::checkIsolated(unsat, 5s), z3::unsat);
}

// Every procedure of the factory decides a question in its theory, with the budget of its limits.
TEST(SmtFactory, EachProcedureAnswers) {
  z3::context c;
  const smt::Limits limits(2000);
  const z3::expr i = c.int_const("i"), j = c.int_const("j");
  for (smt::Procedure p : {smt::Procedure::Simple, smt::Procedure::LinearIntegers, smt::Procedure::SmtCore,
                           smt::Procedure::General}) {
    z3::solver s = smt::makeSolver(c, p, limits);
    s.add(i > j && j > 3 && i < 5);
    EXPECT_EQ(s.check(), z3::unsat) << "procedure " << static_cast<int>(p);
  }
  const z3::expr r = c.real_const("r");
  z3::solver reals = smt::makeSolver(c, smt::Procedure::LinearReals, limits);
  reals.add(r > 3 && r < 4);
  EXPECT_EQ(reals.check(), z3::sat) << "a value between 3 and 4 exists among the reals";

  const z3::expr x = c.bv_const("x", 8);
  z3::solver bits = smt::makeSolver(c, smt::Procedure::BitBlasting, limits);
  bits.add(x + c.bv_val(1, 8) == c.bv_val(0, 8));
  ASSERT_EQ(smt::checkIsolated(bits, limits), z3::sat);
  EXPECT_EQ(bits.get_model().eval(x, true).get_numeral_uint(), 255u) << "8 bits wrap around at 255";
}

// The Horn procedure finds an invariant of a counter that starts at 0 and steps by 2: it is never 7.
TEST(SmtFactory, HornClausesGetASolution) {
  z3::context c;
  z3::solver horn = smt::makeSolver(c, smt::Procedure::Horn, smt::Limits(5000));
  const z3::sort integer = c.int_sort();
  const z3::func_decl counter = c.function("counter", integer, c.bool_sort());
  const z3::expr n = c.int_const("n");
  horn.add(z3::forall(n, z3::implies(n == 0, counter(n))));
  horn.add(z3::forall(n, z3::implies(counter(n), counter(n + 2))));
  horn.add(z3::forall(n, z3::implies(counter(n) && n == 7, c.bool_val(false))));
  EXPECT_EQ(horn.check(), z3::sat) << "sat: the clauses have a solution, so the error is unreachable";
}

TEST(SmtFactory, TheBoxOptimizerMinimizesEachObjectiveOnItsOwn) {
  z3::context c;
  z3::optimize optimizer = smt::boxOptimizer(c, smt::Limits(2000));
  const z3::expr a = c.int_const("a"), b = c.int_const("b");
  optimizer.add(a + b >= 10 && a >= 2 && b >= 3);
  const z3::optimize::handle least = optimizer.minimize(a);
  const z3::optimize::handle leastOther = optimizer.minimize(b);
  ASSERT_EQ(optimizer.check(), z3::sat);
  EXPECT_EQ(optimizer.lower(least).get_numeral_int(), 2) << "each least value is found without the other's";
  EXPECT_EQ(optimizer.lower(leastOther).get_numeral_int(), 3);
}

// A question over its resource budget is unknown, not an answer.
TEST(SmtFactory, ABudgetTooSmallGivesNoAnswer) {
  z3::context c;
  smt::Limits tiny(1);
  tiny.resourcePerMilli = 1;
  z3::solver s = smt::makeSolver(c, smt::Procedure::LinearIntegers, tiny);
  const z3::expr x = c.int_const("x"), y = c.int_const("y"), z = c.int_const("z");
  s.add(3 * x + 5 * y - 7 * z == 1 && x > 100 && y > 100 && z > 100 && x + y + z < 1000);
  EXPECT_EQ(smt::checkCounted(s, tiny), z3::unknown);
}

// Z3's exceptions become failures of three kinds, by what Z3 says; other exceptions pass.
TEST(SmtFailure, TheSolversExceptionsBecomeAnswers) {
  z3::context c;
  std::optional<smt::SolverFailure> illSorted = smt::attempt([&] {
    z3::solver s(c);
    s.add(c.int_const("i") == c.bv_const("x", 8));  // Z3 throws: the sorts differ
  });
  ASSERT_TRUE(illSorted);
  EXPECT_EQ(illSorted->kind, smt::SolverFailure::Kind::Crash);
  EXPECT_NE(illSorted->reason().find("the solver failed: "), std::string::npos) << illSorted->reason();

  std::optional<smt::SolverFailure> canceled = smt::attempt([] { throw z3::exception("canceled"); });
  ASSERT_TRUE(canceled);
  EXPECT_EQ(canceled->kind, smt::SolverFailure::Kind::Timeout);
  std::optional<smt::SolverFailure> resource =
      smt::attempt([] { throw z3::exception("max. resource limit exceeded"); });
  ASSERT_TRUE(resource);
  EXPECT_EQ(resource->kind, smt::SolverFailure::Kind::Resource);
  EXPECT_EQ(resource->reason(), "the solver ran out of resources (max. resource limit exceeded)");

  bool ran = false;
  EXPECT_FALSE(smt::attempt([&] { ran = true; }));
  EXPECT_TRUE(ran);
  EXPECT_THROW(smt::attempt([] { throw std::runtime_error("not the solver's"); }), std::runtime_error);
}

// Quantifier elimination runs in a child process and its result comes back as terms of the parent's context.
TEST(SmtIntegers, ProjectionEliminatesTheQuantifierApart) {
  z3::context c;
  const z3::expr x = c.int_const("x"), t = c.int_const("t");
  z3::expr_vector bound(c);
  bound.push_back(t);
  const smt::Term projected = smt::project(c, bound, x == t + 1 && t >= 0, 2000);
  ASSERT_FALSE(projected.is_quantifier()) << projected.to_string();
  z3::solver s(c);
  s.add(projected != (x >= 1));
  EXPECT_EQ(s.check(), z3::unsat) << "exists t >= 0. x == t + 1 is x >= 1: " << projected.to_string();
  std::set<unsigned> seen;
  std::vector<smt::Term> symbols;
  smt::collectSymbols(projected, seen, symbols);
  ASSERT_EQ(symbols.size(), 1u);
  EXPECT_TRUE(z3::eq(symbols[0], x)) << "the parent's x, not a copy";
}

// A model is used only when it satisfies every asserted fact: checked on models written by hand, one of which breaks a
// fact, and on the model the layer's solver returns.
TEST(SmtModel, OnlyAModelThatSatisfiesTheFactsIsUsed) {
  z3::context c;
  const z3::expr x = c.int_const("x"), y = c.int_const("y");
  // Z3 4.8's add_const_interp takes its arguments by non-const reference.
  auto assign = [&c](z3::model& model, const z3::expr& constant, int value) {
    z3::func_decl symbol = constant.decl();
    z3::expr number = c.int_val(value);
    model.add_const_interp(symbol, number);
  };
  z3::expr_vector facts(c);
  facts.push_back(x > 5);
  facts.push_back(x + y == 10);

  z3::model right(c);
  assign(right, x, 7);
  assign(right, y, 3);
  EXPECT_TRUE(smt::holdsIn(right, facts));

  z3::model wrong(c);
  assign(wrong, x, 7);
  assign(wrong, y, 4);
  EXPECT_FALSE(smt::holdsIn(wrong, facts)) << "7 + 4 is not 10";

  z3::model partial(c);
  assign(partial, x, 3);
  EXPECT_FALSE(smt::holdsIn(partial, facts)) << "x = 3 breaks x > 5, whatever y is completed to";

  smt::Solver solver(c, smt::Limits(1000));
  solver.add(x > 5);
  std::optional<z3::model> model = solver.model(x + y == 10);
  ASSERT_TRUE(model);
  EXPECT_EQ(model->eval(x + y, true).get_numeral_int(), 10);
  EXPECT_FALSE(solver.model(x < 3)) << "no model of x > 5 and x < 3";
}
