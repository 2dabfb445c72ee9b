// Compiles a small C program for a unit test, with the SV-COMP environment declared.
#pragma once

#include <optional>
#include <string>

#include "frontend/frontend.h"

namespace atropos::testing {

// nullopt (and a test failure) when the program does not compile.
std::optional<frontend::Program> compileProgram(const std::string& source,
                                                frontend::DataModel model = frontend::DataModel::LP64);

}  // namespace atropos::testing
