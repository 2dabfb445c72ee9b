#include "common/checks.h"

#include <array>

namespace atropos {

namespace {

constexpr Effect N = Effect::None, V = Effect::Violates, E = Effect::Ends, B = Effect::Blocks;

struct CheckRow {
  Check check;
  std::string_view name;
  // Per property, in the order of `Property`: termination, valid-memsafety, valid-memcleanup, no-overflow,
  // unreach-call; under `c`.
  std::array<Effect, 5> inC;
  std::optional<MemsafetyPart> part;
  // The readings under which the operation has a result that C does not give it.
  bool divergesUnderSvcomp = false;
  bool divergesUnderTermcomp = false;
};

constexpr auto kDeref = MemsafetyPart::ValidDeref;
constexpr auto kFree = MemsafetyPart::ValidFree;
constexpr auto kMemtrack = MemsafetyPart::ValidMemtrack;
constexpr std::optional<MemsafetyPart> kNone = std::nullopt;

constexpr std::array<CheckRow, 18> kChecks{{
    // check, name, {termination, valid-memsafety, valid-memcleanup, no-overflow, unreach-call} under `c`,
    // the valid-memsafety part, and whether the operation diverges from C under `svcomp` and under `termcomp`
    {Check::InvalidDeref, "invalid dereference", {B, V, B, B, B}, kDeref, false, false},
    {Check::InvalidFree, "invalid free", {B, V, B, B, B}, kFree, false, false},
    {Check::MemoryLost, "memory lost", {N, V, V, N, N}, kMemtrack, false, false},
    {Check::HeapAtEnd, "heap memory left at the end", {N, V, V, N, N}, kMemtrack, false, false},
    {Check::MemoryNotFreed, "memory not freed at the end", {N, N, V, N, N}, kNone, false, false},
    {Check::HeapAtAbort, "heap memory left at abort", {N, B, V, N, N}, kNone, false, false},
    {Check::MemoryAmbiguous, "memory reachable only from the stack at the end", {N, B, B, N, N}, kNone, false, false},
    {Check::SignedOverflow, "signed overflow", {B, B, B, V, B}, kNone, true, true},
    {Check::RemainderOverflow, "INT_MIN % -1", {B, B, B, B, B}, kNone, true, true},
    {Check::WrapAround, "wrap-around", {N, N, N, N, N}, kNone, false, true},
    {Check::DivisionByZero, "division by zero", {B, B, B, B, B}, kNone, false, false},
    {Check::InvalidShift, "shift out of range", {B, B, B, B, B}, kNone, false, false},
    {Check::OtherUndefined, "undefined behaviour", {B, B, B, B, B}, kNone, false, false},
    {Check::ReachError, "reach_error", {E, E, E, E, V}, kNone, false, false},
    {Check::ReachErrorReturns, "reach_error with a body that may return", {B, B, B, B, V}, kNone, false, false},
    {Check::NotModelled, "not modelled", {B, B, B, B, B}, kNone, false, false},
    {Check::UnwindingBound, "unwinding bound reached", {B, B, B, B, B}, kNone, false, false},
    {Check::AddressDependent, "address-dependent execution", {B, B, B, B, B}, kNone, false, false},
}};

const CheckRow* rowOf(Check c) {
  for (const CheckRow& row : kChecks)
    if (row.check == c) return &row;
  return nullptr;
}

size_t columnOf(Property p) {
  switch (p) {
    case Property::Termination: return 0;
    case Property::ValidMemsafety: return 1;
    case Property::ValidMemcleanup: return 2;
    case Property::NoOverflow: return 3;
    case Property::UnreachCall: return 4;
  }
  return 5;
}

struct SemanticsInfo {
  Semantics semantics;
  std::string_view name;
  std::string_view description;
};
constexpr std::array<SemanticsInfo, 3> kSemantics{{
    {Semantics::C, "c", "as clang compiles C: a signed overflow is undefined behaviour"},
    {Semantics::SvComp, "svcomp", "signed arithmetic unbounded, unsigned wraps as in C; no-overflow decided in C"},
    {Semantics::TermComp, "termcomp", "integers are mathematical, without a type's range; no-overflow decided in C"},
}};

}  // namespace

std::string_view semanticsName(Semantics s) {
  for (const auto& info : kSemantics)
    if (info.semantics == s) return info.name;
  return "?";
}

std::string_view semanticsDescription(Semantics s) {
  for (const auto& info : kSemantics)
    if (info.semantics == s) return info.description;
  return "?";
}

std::optional<Semantics> parseSemanticsName(std::string_view name) {
  for (const auto& info : kSemantics)
    if (info.name == name) return info.semantics;
  return std::nullopt;
}

Semantics readingFor(Property p, Semantics asked) { return p == Property::NoOverflow ? Semantics::C : asked; }

std::string_view checkName(Check c) {
  const CheckRow* row = rowOf(c);
  return row ? row->name : "unknown check";
}

Effect effectOf(Check c, Property p, Semantics asked) {
  const CheckRow* row = rowOf(c);
  const size_t column = columnOf(p);
  if (!row || column >= row->inC.size()) return Effect::Blocks;
  switch (readingFor(p, asked)) {
    case Semantics::C: break;
    case Semantics::SvComp:
      if (row->divergesUnderSvcomp) return Effect::Diverges;
      break;
    case Semantics::TermComp:
      if (row->divergesUnderTermcomp) return Effect::Diverges;
      break;
  }
  return row->inC[column];
}

std::optional<MemsafetyPart> memsafetyPartOf(Check c) {
  const CheckRow* row = rowOf(c);
  return row ? row->part : std::nullopt;
}

}  // namespace atropos
