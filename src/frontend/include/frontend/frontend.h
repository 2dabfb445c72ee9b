// The front end: C (.c) or preprocessed C (.i) to an LLVM module as clang-14 compiles it for the task's data model.
// No optimization runs: every undefined behaviour of the source stays visible in the IR (nsw flags, bounds).
#pragma once

#include <memory>
#include <string>
#include <variant>
#include <vector>

#include "common/deadline.h"

namespace llvm {
class LLVMContext;
class Module;
}  // namespace llvm

namespace atropos::frontend {

enum class DataModel { ILP32, LP64 };
const char* dataModelName(DataModel m);

struct Options {
  DataModel dataModel = DataModel::LP64;
  // The Termination Competition's environment (see environment.h, adoptTermCompEnvironment) instead of SV-COMP's.
  bool termCompEnvironment = false;
};

struct Program {
  std::unique_ptr<llvm::LLVMContext> context;
  std::unique_ptr<llvm::Module> module;
  std::string inputPath;
  DataModel dataModel = DataModel::LP64;
  // Under the Termination Competition's environment: what keeps the IR from showing the program as that reading's
  // mathematical integers do (common/checks.h), each "file:line:column: what": a constant the compiler converted to
  // a type that cannot hold it (`int x = 4294967297L;`) or computed with an overflow (`65536 * 65536`), where the IR
  // has only C's result (clang's -Wconstant-conversion, -Winteger-overflow, -Wsign-conversion of a literal or a
  // macro); a bit-field, which C packs into bytes with operations on their bits.
  std::vector<std::string> termCompObstacles;

  Program();
  Program(Program&&) noexcept;
  Program& operator=(Program&&) noexcept;
  ~Program();
};

struct LoadFailure {
  enum class Kind { Unreadable, CompileError, Timeout, Internal };
  Kind kind;
  std::string message;      // one line
  std::string diagnostics;  // clang's output, when it failed to compile
};

// Compiles in this process (compile.h): the deadline is looked at before clang starts, and a caller that must stop
// clang at the deadline, or survive its crash, runs this in a process it watches (driver/supervision.h).
std::variant<Program, LoadFailure> load(const std::string& path, const Options& options, const Deadline& deadline);

// For the program's last use before the process ends: its module is left for the end of the process to free, not
// freed object by object (as clang's -disable-free does).
void leaveToProcessExit(Program program);

}  // namespace atropos::frontend
