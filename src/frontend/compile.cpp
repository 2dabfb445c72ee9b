#include "compile_apart.h"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <climits>
#include <cstdlib>
#include <memory>
#include <thread>

#include <clang/Basic/Diagnostic.h>
#include <clang/Basic/DiagnosticOptions.h>
#include <clang/CodeGen/CodeGenAction.h>
#include <clang/Driver/Compilation.h>
#include <clang/Driver/Driver.h>
#include <clang/Driver/Job.h>
#include <clang/Frontend/CompilerInstance.h>
#include <clang/Frontend/CompilerInvocation.h>
#include <clang/Frontend/TextDiagnosticPrinter.h>
#include <llvm/Support/Host.h>
#include <llvm/Support/raw_ostream.h>

namespace atropos::frontend {

namespace {

// The exit status of a child whose compilation failed, as clang's own.
constexpr int kCompileFailed = 1;

// What clang's driver does for `argv` with its compiler proper in the same process (its -fintegrated-cc1): the one
// cc1 job of a `-c` compilation, run through a CompilerInstance. Only in the child: it writes to stderr and may not
// return to the caller's state.
int compileHere(const std::vector<std::string>& argv) {
  std::vector<const char*> args;
  for (const std::string& a : argv) args.push_back(a.c_str());
  // The driver finds its headers (stddef.h, ...) beside the executable it is told it runs as: the real file, not the
  // /usr/bin symlink.
  char resolved[PATH_MAX];
  const std::string executable = realpath(args[0], resolved) ? resolved : args[0];

  llvm::IntrusiveRefCntPtr<clang::DiagnosticOptions> driverOptions = new clang::DiagnosticOptions;
  driverOptions->ShowColors = false;
  clang::TextDiagnosticPrinter driverPrinter(llvm::errs(), driverOptions.get());
  clang::DiagnosticsEngine driverDiagnostics(new clang::DiagnosticIDs, driverOptions, &driverPrinter, false);
  clang::driver::Driver driver(executable, llvm::sys::getDefaultTargetTriple(), driverDiagnostics);
  std::unique_ptr<clang::driver::Compilation> compilation(driver.BuildCompilation(args));
  if (!compilation || driverDiagnostics.hasErrorOccurred()) return kCompileFailed;
  const clang::driver::JobList& jobs = compilation->getJobs();
  if (jobs.size() != 1) return kCompileFailed;
  const clang::driver::Command& job = *jobs.begin();

  // The job's arguments begin with -cc1, which selects the compiler proper in a process of its own.
  llvm::ArrayRef<const char*> compilerArgs = job.getArguments();
  if (!compilerArgs.empty() && llvm::StringRef(compilerArgs.front()) == "-cc1")
    compilerArgs = compilerArgs.drop_front();
  auto invocation = std::make_shared<clang::CompilerInvocation>();
  if (!clang::CompilerInvocation::CreateFromArgs(*invocation, compilerArgs, driverDiagnostics, args[0]))
    return kCompileFailed;
  clang::CompilerInstance compiler;
  compiler.setInvocation(invocation);
  compiler.createDiagnostics();
  if (!compiler.hasDiagnostics()) return kCompileFailed;
  clang::EmitBCAction emit;
  const bool compiled = compiler.ExecuteAction(emit);
  llvm::errs().flush();
  return compiled && !compiler.getDiagnostics().hasErrorOccurred() ? 0 : kCompileFailed;
}

}  // namespace

CompileResult compileApart(const std::vector<std::string>& argv, const std::string& logPath,
                           const Deadline& deadline) {
  CompileResult result;
  const pid_t child = fork();
  if (child < 0) return result;
  if (child == 0) {
    const int log = open(logPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int none = open("/dev/null", O_RDONLY);
    if (log < 0 || none < 0 || dup2(log, STDOUT_FILENO) < 0 || dup2(log, STDERR_FILENO) < 0 ||
        dup2(none, STDIN_FILENO) < 0)
      _exit(kCompileFailed);
    // _exit: the child must not run the parent's destructors and exit handlers (temporary files, flushed streams).
    _exit(compileHere(argv));
  }
  result.started = true;
  int status = 0;
  for (;;) {
    const pid_t done = waitpid(child, &status, WNOHANG);
    if (done == child) break;
    if (done < 0 && errno != EINTR) return result;
    if (deadline.expired()) {
      kill(child, SIGKILL);
      waitpid(child, &status, 0);
      result.timedOut = true;
      return result;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  result.exitStatus = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  return result;
}

}  // namespace atropos::frontend
