// Unit tests of the Termination Competition's environment (frontend::adoptTermCompEnvironment): which declared
// functions get an arbitrary result, and what type that result has.
#include "frontend/environment.h"

#include <gtest/gtest.h>
#include <llvm/IR/Module.h>

#include "test_program.h"

namespace atropos {
namespace {

constexpr const char* kDeclarations = R"(
  extern int next_value(int);
  extern void log_step(int);
  extern int u8(void);
  extern double measure(void);
  extern int* lookup(int);
  extern void stop(void) __attribute__((noreturn));
  extern char* __VERIFIER_nondet_String(void);
  int main(void) {
    log_step(next_value(1) + u8() + (int)measure());
    if (*lookup(2)) stop();
    return *__VERIFIER_nondet_String();
  }
)";

TEST(TermCompEnvironment, DeclaredFunctionsReturnArbitraryValuesOfTheirType) {
  auto program = testing::compileProgram(kDeclarations);
  ASSERT_TRUE(program);
  llvm::Module& module = *program->module;
  frontend::adoptTermCompEnvironment(module, frontend::DataModel::LP64);
  for (const char* name : {"next_value", "log_step", "u8", "measure"})
    EXPECT_FALSE(module.getFunction(name)->isDeclaration()) << name;
  // A name SV-COMP gives a type (u8 is 8 bits) must not decide the type of a result the program declares as int.
  const llvm::Function* u8Result = module.getFunction("__VERIFIER_nondet_result_of_u8");
  ASSERT_NE(u8Result, nullptr);
  auto type = frontend::nondetType(*u8Result, frontend::DataModel::LP64);
  ASSERT_TRUE(type);
  EXPECT_EQ(type->bits, 32u);
  EXPECT_EQ(type->kind, frontend::NondetKind::Integer);
  auto measured = frontend::nondetType(*module.getFunction("__VERIFIER_nondet_result_of_measure"),
                                       frontend::DataModel::LP64);
  ASSERT_TRUE(measured);
  EXPECT_EQ(measured->kind, frontend::NondetKind::Double);
  // Pointers and functions that do not return have no arbitrary value that the rules define.
  EXPECT_TRUE(module.getFunction("lookup")->isDeclaration());
  EXPECT_TRUE(module.getFunction("stop")->isDeclaration());
  EXPECT_EQ(module.getFunction("__VERIFIER_nondet_String"), nullptr);
  const llvm::Function* string = module.getFunction("atropos.nondet_String");
  ASSERT_NE(string, nullptr);
  EXPECT_FALSE(string->isDeclaration());
}

TEST(TermCompEnvironment, SvCompEnvironmentLeavesDeclarationsAlone) {
  auto program = testing::compileProgram(kDeclarations);
  ASSERT_TRUE(program);
  EXPECT_TRUE(program->module->getFunction("next_value")->isDeclaration());
  EXPECT_TRUE(program->module->getFunction("__VERIFIER_nondet_String")->isDeclaration());
}

}  // namespace
}  // namespace atropos
