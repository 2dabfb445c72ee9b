// Normalization for the abstract engines: a copy of the program's module in SSA form.
//
// Local variables whose address is never taken are promoted from stack slots to SSA values (mem2reg), so the
// abstract engines see data flow instead of loads and stores. Nothing else changes: no optimization that exploits
// undefined behaviour runs. A variable whose scope is entered again (a declaration inside a loop body) starts
// each time with an indeterminate value, as its stack slot would: an `undef` store at every lifetime start makes
// mem2reg produce exactly that.
#pragma once

#include <memory>

#include "frontend/frontend.h"

namespace atropos::frontend {

std::unique_ptr<llvm::Module> normalizedCopy(const Program& program);

}  // namespace atropos::frontend
