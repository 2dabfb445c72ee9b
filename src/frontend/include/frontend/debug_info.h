// What the debug information says about a program's variables, for writing facts about them in C.
#pragma once

#include <string>
#include <vector>

namespace llvm {
class DIScope;
class DIType;
class Instruction;
}  // namespace llvm

namespace atropos::frontend {

// The type without typedefs and qualifiers; nullptr for void.
const llvm::DIType* strippedType(const llvm::DIType* type);

// The lexical scopes around an instruction's location, innermost first, up to its function's; empty without one.
std::vector<const llvm::DIScope*> scopesAround(const llvm::Instruction* at);

}  // namespace atropos::frontend
