// Compiles C with clang's libraries, linked into Atropos, in a forked child: the isolation of a process of its own
// (a crash or a hang of the compiler ends only the child, which the deadline kills), without the cost of starting
// clang-14 (loading and relocating its shared libraries took 15 of the 21 ms that clang-14 spends on a small file).
#pragma once

#include <string>
#include <vector>

#include "common/deadline.h"

namespace atropos::frontend {

struct CompileResult {
  bool started = false;   // the child could be made
  bool timedOut = false;  // and was killed at the deadline
  int exitStatus = -1;    // 0 when the output file was written
};

// Runs clang's driver on `argv` (argv[0] the clang executable it would be, whose folder it finds its own headers
// from) as `clang-14 argv...` would, its diagnostics written to `logPath`.
CompileResult compileApart(const std::vector<std::string>& argv, const std::string& logPath,
                           const Deadline& deadline);

}  // namespace atropos::frontend
