// Unit tests of the Termination Competition's environment (frontend::adoptTermCompEnvironment): which declared
// functions get an arbitrary result, and what type that result has.
#include "frontend/environment.h"

#include <gtest/gtest.h>
#include <llvm/IR/Instructions.h>
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
  // A pointer has no arbitrary value that the rules define; a function that does not return ends the execution
  // as abort does.
  EXPECT_TRUE(module.getFunction("lookup")->isDeclaration());
  const llvm::Function* stop = module.getFunction("stop");
  ASSERT_FALSE(stop->isDeclaration());
  const auto* abortCall = llvm::dyn_cast<llvm::CallInst>(&stop->getEntryBlock().front());
  ASSERT_NE(abortCall, nullptr);
  ASSERT_NE(abortCall->getCalledFunction(), nullptr);
  EXPECT_EQ(abortCall->getCalledFunction()->getName(), "abort");
  EXPECT_EQ(module.getFunction("__VERIFIER_nondet_String"), nullptr);
  const llvm::Function* string = module.getFunction("atropos.nondet_String");
  ASSERT_NE(string, nullptr);
  EXPECT_FALSE(string->isDeclaration());
}

// A nondet function the program defines is its own under the Termination Competition's rules: its calls run the
// body, under a name the environment does not claim.
TEST(TermCompEnvironment, ANondetFunctionTheProgramDefinesRunsItsBody) {
  auto program = testing::compileProgram(
      "int __VERIFIER_nondet_int(void) { return 8; }\n"
      "int main(void) { return __VERIFIER_nondet_int(); }");
  ASSERT_TRUE(program);
  llvm::Module& module = *program->module;
  frontend::adoptTermCompEnvironment(module, frontend::DataModel::LP64);
  const llvm::Function* called = nullptr;
  for (const llvm::Instruction& i : module.getFunction("main")->getEntryBlock())
    if (const auto* call = llvm::dyn_cast<llvm::CallInst>(&i)) called = call->getCalledFunction();
  ASSERT_NE(called, nullptr);
  EXPECT_FALSE(called->isDeclaration());
  EXPECT_EQ(frontend::classifyFunction(called->getName()), frontend::EnvFunction::None);
}

TEST(TermCompEnvironment, SvCompEnvironmentLeavesDeclarationsAlone) {
  auto program = testing::compileProgram(kDeclarations);
  ASSERT_TRUE(program);
  EXPECT_TRUE(program->module->getFunction("next_value")->isDeclaration());
  EXPECT_TRUE(program->module->getFunction("__VERIFIER_nondet_String")->isDeclaration());
}

}  // namespace
}  // namespace atropos
