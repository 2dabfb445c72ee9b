// The SV-COMP environment: the functions whose meaning Atropos knows by name, whatever the program declares.
#pragma once

#include <cstdint>
#include <optional>
#include <string_view>

#include "frontend/frontend.h"

namespace llvm {
class DIType;
class Function;
class Module;
}  // namespace llvm

namespace atropos::frontend {

enum class EnvFunction {
  None,  // not part of the environment: the program's own function, or an unknown external
  Nondet,
  Assume,
  ReachError,  // reach_error and the deprecated __VERIFIER_error
  Abort,
  Exit,
  AssertFail,  // __assert_fail: the program ends like abort
  Malloc,
  Calloc,
  Realloc,
  Free,
  Alloca,
  Memset,
  Memcpy,
  Memmove,
  Memcmp,
  Strlen,
  Strnlen,
  Strcmp,
  Strncmp,
  Strcpy,
  Strncpy,
  Strcat,
  Strchr,
  Printf,   // output is not modelled, its length (the result) is
  Puts,
  Putchar,
  Abs,
  Labs,
  LLabs,
  // IEEE 754 requires these to be exact (correctly rounded), so the host computes them as the target would.
  Sqrt,
  Fabs,
  // Intrinsics without an effect on the properties (lifetime markers, debug info).
  NoEffect,
};

EnvFunction classifyFunction(std::string_view name);

// Whether a call of `reachError` (a function classified ReachError) ends the program: SV-COMP's reach_error
// aborts, and so does a definition all of whose paths end in a call that does not return (__assert_fail, abort,
// exit), without loops or calls of the program's own functions on the way. A body that may return or run on (an
// empty one, `ERROR: goto ERROR;`) does not.
bool reachErrorEnds(const llvm::Function& reachError);

// What debug information says of C types: an unsigned one (through typedefs and qualifiers), and a function that
// returns one. False where it says nothing.
bool isUnsignedDebugType(const llvm::DIType* type);
bool returnsUnsigned(const llvm::Function& function);

// The llvm.ubsantrap argument of the shift checks the front end asks clang for (clang's SanitizerHandler
// ShiftOutOfBounds): a signed left shift that overflows, or shifts a negative value.
constexpr uint64_t kUbsanShiftOutOfBounds = 20;

enum class NondetKind { Integer, Bool, Float, Double, Pointer };

struct NondetType {
  NondetKind kind = NondetKind::Integer;
  unsigned bits = 32;  // of the C type named by the function
  bool isSigned = true;
};

// The C type a __VERIFIER_nondet_* function returns: per the SV-COMP rules for the names they define, else the
// type the program declares it with (an arbitrary value of its declared return type, e.g. `msg_t` declared
// `char`; signed when the declaration does not say); nullopt for other functions and types without values.
std::optional<NondetType> nondetType(const llvm::Function& function, DataModel model);
// Whether nondetType only guessed that the function's integers are signed: neither SV-COMP's rules for its name nor
// debug information says (the results of functions the program only declares).
bool nondetSignednessGuessed(const llvm::Function& function);

// The Termination Competition's C rules for what a program does not define, made part of `module`:
// - a function that is only declared ends, has no side effects, and returns an arbitrary value of its return type:
//   it gets a body that returns a fresh __VERIFIER_nondet_ value (integer, floating-point or no result; a function
//   that returns a pointer or a structure stays without a model); one declared not to return (noreturn) ends the
//   execution where it is called, as abort does;
// - a __VERIFIER_nondet_ function the program defines is the program's: it runs its body;
// - __VERIFIER_nondet_String() returns fresh memory of arbitrary positive size whose last byte is '\0': its calls
//   go to a function `atropos.nondet_String` that allocates it with malloc (which never fails in Atropos), so the
//   program may free it, and under valid-memtrack it is the program's to free.
void adoptTermCompEnvironment(llvm::Module& module, DataModel model);

}  // namespace atropos::frontend
