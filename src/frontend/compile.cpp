#include "compile.h"

#include <climits>
#include <cstdlib>
#include <memory>

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/CodeGen/CodeGenAction.h>
#include <clang/Driver/Compilation.h>
#include <clang/Driver/Driver.h>
#include <clang/Driver/Job.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/Host.h>
#include <llvm/Support/raw_ostream.h>

namespace atropos::frontend {

Compiled compileHere(const std::vector<std::string>& argv, llvm::LLVMContext& context) {
  Compiled result;
  llvm::raw_string_ostream diagnostics(result.diagnostics);
  std::vector<const char*> args;
  for (const std::string& a : argv) args.push_back(a.c_str());
  // The driver finds its headers (stddef.h, ...) beside the executable it is told it runs as: the real file, not the
  // /usr/bin symlink.
  char resolved[PATH_MAX];
  const std::string executable = realpath(args[0], resolved) ? resolved : args[0];

  // What clang's driver does with its compiler proper in the same process (its -fintegrated-cc1): the one cc1 job of
  // a `-c` compilation, run through a CompilerInstance.
  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> driverOptions = new clang::DiagnosticOptions;
  driverOptions->ShowColors = false;
  clang::TextDiagnosticPrinter driverPrinter(diagnostics, driverOptions.get());
  clang::DiagnosticsEngine driverDiagnostics(new clang::DiagnosticIDs, driverOptions, &driverPrinter, false);
  clang::driver::Driver driver(executable, llvm::sys::getDefaultTargetTriple(), driverDiagnostics);
  std::unique_ptr<clang::driver::Compilation> compilation(driver.BuildCompilation(args));
  if (!compilation || driverDiagnostics.hasErrorOccurred() || compilation->getJobs().size() != 1) return result;
  const clang::driver::Command& job = *compilation->getJobs().begin();

  // The job's arguments begin with -cc1, which selects the compiler proper in a process of its own.
  llvm::ArrayRef<const char*> compilerArgs = job.getArguments();
  if (!compilerArgs.empty() && llvm::StringRef(compilerArgs.front()) == "-cc1")
    compilerArgs = compilerArgs.drop_front();
  auto invocation = std::make_shared<clang::CompilerInvocation>();
  if (!clang::CompilerInvocation::CreateFromArgs(*invocation, compilerArgs, driverDiagnostics, args[0]))
    return result;
  // The driver asks its compiler proper to leave its objects to the end of its process; this process goes on.
  invocation->getFrontendOpts().DisableFree = false;
  clang::CompilerInstance compiler;
  compiler.setInvocation(invocation);
  compiler.setVerboseOutputStream(diagnostics);  // where it counts the errors
  compiler.createDiagnostics(new clang::TextDiagnosticPrinter(diagnostics, &invocation->getDiagnosticOpts()),
                             /*ShouldOwnClient=*/true);
  // The code generator's pipeline runs as for -emit-llvm (at -O0: always_inline functions inlined), its module kept.
  clang::EmitLLVMOnlyAction emit(&context);
  const bool compiled = compiler.ExecuteAction(emit) && !compiler.getDiagnostics().hasErrorOccurred();
  diagnostics.flush();
  if (compiled) result.module = emit.takeModule();
  return result;
}

}  // namespace atropos::frontend
