// Unit tests of the C text that witnesses, explanations and reports print (common/c_text.h, smt/printing.h): each
// rule by its text, and the texts compiled by clang, whose static assertions check the value and the type C gives
// them.
#include <gtest/gtest.h>
#include <unistd.h>

#include <climits>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "common/bits.h"
#include "common/c_text.h"
#include "smt/printing.h"

using namespace atropos;

namespace {

// True when clang accepts the C11 source, whose `_Static_assert`s then hold.
bool compiles(const std::string& source) {
  const std::filesystem::path file =
      std::filesystem::temp_directory_path() / ("atropos-c-text-" + std::to_string(getpid()) + ".c");
  std::ofstream(file) << source;
  const std::string command =
      std::string(ATROPOS_CLANG_FOR_TESTS) + " -std=c11 -fsyntax-only " + file.string();
  const int status = std::system(command.c_str());
  std::filesystem::remove(file);
  return status == 0;
}

// A static assertion that `literal` has type `type` and the value `value` (a C expression of that type).
std::string typedValue(const std::string& literal, const std::string& type, const std::string& value) {
  return "_Static_assert(_Generic(" + literal + ", " + type + ": 1, default: 0) && " + literal + " == " + value +
         ", \"" + literal + "\");\n";
}

}  // namespace

TEST(CText, IntegerTypesByWidth) {
  EXPECT_EQ(cIntegerType(8, true), "signed char");
  EXPECT_EQ(cIntegerType(8, false), "unsigned char");
  EXPECT_EQ(cIntegerType(16, true), "short");
  EXPECT_EQ(cIntegerType(32, false), "unsigned int");
  EXPECT_EQ(cIntegerType(64, true), "long long");
  EXPECT_EQ(cIntegerType(64, false), "unsigned long long");
  EXPECT_EQ(cCast(16, false), "(unsigned short)");
}

TEST(CText, LiteralsHoldTheirValueInTheLeastTypeThatFits) {
  EXPECT_EQ(signedLiteral(5), "5");
  EXPECT_EQ(signedLiteral(-7), "-7");
  EXPECT_EQ(signedLiteral(3000000000LL), "3000000000LL");
  EXPECT_EQ(signedLiteral(INT64_MIN), "(-9223372036854775807LL - 1)");
  EXPECT_EQ(unsignedLiteral(5), "5");
  EXPECT_EQ(unsignedLiteral(4294967295ull), "4294967295U");
  EXPECT_EQ(unsignedLiteral(4294967296ull), "4294967296ULL");
  std::string source;
  source += typedValue(signedLiteral(INT64_MIN), "long long", "(-0x7fffffffffffffffLL - 1)");
  source += typedValue(signedLiteral(3000000000LL), "long long", "3000000000LL");
  source += typedValue(unsignedLiteral(4294967295ull), "unsigned int", "0xffffffffU");
  EXPECT_TRUE(compiles(source)) << source;
}

TEST(CText, LiteralsOfAWidthHaveThatWidthsType) {
  EXPECT_EQ(literalOfWidth(5, 32, false), "5U");
  EXPECT_EQ(literalOfWidth(5, 64, false), "5ULL");
  EXPECT_EQ(literalOfWidth(0x1ff, 8, false), "255U");
  EXPECT_EQ(literalOfWidth(0xff, 8, true), "-1");
  EXPECT_EQ(literalOfWidth(0xffffffff, 32, true), "-1");
  EXPECT_EQ(literalOfWidth(0x80000000, 32, true), "(-2147483647 - 1)");
  EXPECT_EQ(literalOfWidth(7, 64, true), "7LL");
  EXPECT_EQ(literalOfWidth(1ull << 63, 64, true), "(-9223372036854775807LL - 1)");
  std::string source;
  source += typedValue(literalOfWidth(0x80000000, 32, true), "int", "(-0x7fffffff - 1)");
  source += typedValue(literalOfWidth(1ull << 63, 64, true), "long long", "(-0x7fffffffffffffffLL - 1)");
  source += typedValue(literalOfWidth(0xffffffff, 32, false), "unsigned int", "0xffffffffU");
  source += typedValue(literalOfWidth(3, 16, false), "unsigned int", "3U");
  source += typedValue(literalOfWidth(~0ull, 64, false), "unsigned long long", "0xffffffffffffffffULL");
  // A signed int compared with a literal of its width's unsigned type is compared as unsigned, as the witnesses mean.
  source += "_Static_assert(-1 % " + literalOfWidth(8, 32, false) + " == 7U, \"residue\");\n";
  EXPECT_TRUE(compiles(source)) << source;
}

TEST(CText, MasksAndSignExtension) {
  EXPECT_EQ(maskOf(8), 0xffull);
  EXPECT_EQ(maskOf(64), ~0ull);
  EXPECT_EQ(signExtend(0x80, 8), -128);
  EXPECT_EQ(signExtend(0x7f, 8), 127);
  EXPECT_EQ(signExtend(~0ull, 64), -1);
}

TEST(CText, ConjunctionsAndDisjunctionsKeepTheirMeaningInC) {
  EXPECT_EQ(cConjunction({}), "1");
  EXPECT_EQ(cConjunction({"x == 1"}), "x == 1");
  EXPECT_EQ(cConjunction({"x == 1", "y <= 2"}), "x == 1 && y <= 2");
  EXPECT_EQ(cDisjunction({}), "0");
  EXPECT_EQ(cDisjunction({"x == 1 && y == 2"}), "x == 1 && y == 2");
  EXPECT_EQ(cDisjunction({"x == 1 && y == 2", "x == 3"}), "(x == 1 && y == 2) || (x == 3)");
  // A disjunction of conjunctions, evaluated by C at a point of each disjunct and at a point of neither.
  const std::string set = cDisjunction({cConjunction({"x == 1", "y == 2"}), cConjunction({"x == 3", "y == 4"})});
  EXPECT_TRUE(compiles("#define in(x, y) (" + set + ")\n"
                       "_Static_assert(in(1, 2), \"first\");\n_Static_assert(in(3, 4), \"second\");\n"
                       "_Static_assert(!in(1, 4), \"neither\");\n_Static_assert(" + cConjunction({}) +
                       " && !" + cDisjunction({}) + ", \"empty\");\n"));
}

// SMT-LIB's div and mod are Euclidean; the printed text must give the same values when C evaluates it.
TEST(CText, EuclideanDivisionPrintsAsCReadsIt) {
  z3::context c;
  const z3::expr x = c.int_const("x");
  const z3::expr y = c.int_const("y");
  std::vector<z3::expr> terms = {x / 3, z3::mod(x, 3), x / -3, z3::mod(x, -3), x / y, z3::mod(x, y)};
  std::string source;
  for (size_t k = 0; k < terms.size(); ++k) {
    source += "#define T" + std::to_string(k) + "(x, y) " + smt::infix(terms[k]) + "\n";
    for (int a = -7; a <= 7; ++a)
      for (int b : {-3, -2, 2, 3}) {
        z3::expr_vector from(c), to(c);
        from.push_back(x);
        from.push_back(y);
        to.push_back(c.int_val(a));
        to.push_back(c.int_val(b));
        const std::string expected = terms[k].substitute(from, to).simplify().get_decimal_string(0);
        source += "_Static_assert(T" + std::to_string(k) + "((" + std::to_string(a) + "), (" + std::to_string(b) +
                  ")) == " + expected + ", \"T" + std::to_string(k) + "\");\n";
      }
  }
  EXPECT_TRUE(compiles(source)) << source;
}
