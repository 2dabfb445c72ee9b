// What the debug information says about a program's variables, for writing facts about them in C.
#pragma once

#include <cstdint>
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

// Integer constants as C literals of a type that holds them: `5`, `3000000000LL`, `(-9223372036854775807LL - 1)`;
// unsigned ones with a suffix once they leave int's range (`4294967295U`, `4294967296ULL`).
std::string signedLiteral(int64_t value);
std::string unsignedLiteral(uint64_t value);

}  // namespace atropos::frontend
