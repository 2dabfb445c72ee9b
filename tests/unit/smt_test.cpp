// Unit tests of the work the solver layer runs in a child process (smt/isolated.h): what the child hands back, and
// that nothing the child does (throw, crash, run on) reaches the parent.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdlib>
#include <new>

#include "smt/isolated.h"

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
