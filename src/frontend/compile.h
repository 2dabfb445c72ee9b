// Compiles C with clang's libraries, linked into Atropos, in this process: no clang-14 process has to start (loading
// and relocating its shared libraries took 15 of the 21 ms that clang-14 spends on a small file), and the module
// does not travel as bitcode. A crash or a hang of the compiler is the caller's to contain: the driver compiles in a
// child process it supervises (driver/supervision.h).
#pragma once

#include "frontend/frontend.h"  // llvm::LLVMContext and llvm::Module, declared

namespace atropos::frontend {

struct Compiled {
  std::unique_ptr<llvm::Module> module;  // null when clang reported an error
  std::string diagnostics;               // clang's messages, as clang-14 would print them
};

// Runs clang's driver on `argv` (argv[0] the clang executable it would be, whose folder it finds its own headers
// from) as `clang-14 argv...` would for a `-c -emit-llvm` compilation, and returns the module, in `context`, that
// clang would write.
Compiled compileHere(const std::vector<std::string>& argv, llvm::LLVMContext& context);

}  // namespace atropos::frontend
