#include "source_names.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "smt/printing.h"
#include "smt/term.h"

namespace atropos::symex {

Instantiation sourceNames(const State& state, const ProgramIndex& index, z3::context& context) {
  Instantiation names;
  for (size_t f = 0; f < state.frames.size(); ++f) {
    const Frame& frame = state.frames[f];
    for (const Local& local : frame.locals) {
      std::string name = index.sourceName(index.valueById(frame.function, local.id));
      if (name.empty()) continue;
      if (f + 1 != state.frames.size()) name = frame.function->getName().str() + "::" + name;
      names.pairs.emplace_back(local.value, context.int_const(name.c_str()));
    }
  }
  // At a return (a function's summary), the value it returns.
  if (!state.frames.empty())
    if (auto* ret = llvm::dyn_cast_or_null<llvm::ReturnInst>(state.top().next); ret && ret->getReturnValue())
      if (const Local* local = state.top().find(index.valueId(ret->getReturnValue()));
          local && smt::isSymbol(local->value) &&
          std::none_of(names.pairs.begin(), names.pairs.end(), [&](const auto& n) { return z3::eq(n.first, local->value); }))
        names.pairs.emplace_back(local->value, context.int_const("returned"));
  // Allocated blocks by the pointer that names their start, or by number.
  unsigned anonymous = 0;
  for (const MemoryBlock& b : state.memory->blocks) {
    if (b.kind == BlockKind::Global) continue;
    std::string start;
    for (const auto& [variable, name] : names.pairs)
      if (z3::eq(variable, b.lo)) start = name.decl().name().str();
    if (start.empty()) {
      start = "block" + std::to_string(++anonymous);
      names.pairs.emplace_back(b.lo, context.int_const(start.c_str()));
    }
    names.pairs.emplace_back(b.hi, context.int_const((start + "_end").c_str()));
  }
  // A value in memory by the pointer to it: *p. Globals by their own name.
  for (const PointsTo& p : state.memory->pointsTo) {
    if (!smt::isSymbol(p.value)) continue;
    auto named = [&](const smt::Term& e) {
      return std::any_of(names.pairs.begin(), names.pairs.end(), [&](const auto& n) { return z3::eq(n.first, e); });
    };
    if (named(p.value)) continue;
    std::string pointer;
    for (const auto& [variable, name] : names.pairs)
      if (z3::eq(variable, p.address)) pointer = name.decl().name().str();
    for (const MemoryBlock& b : state.memory->blocks)
      if (pointer.empty() && b.kind == BlockKind::Global && z3::eq(b.lo, p.address) && b.origin && b.origin->hasName())
        pointer = std::string("&").append(b.origin->getName().str());
    // Otherwise by the address in named values, in bytes (`*(arr + 4*j)`).
    if (pointer.empty() && !p.address.is_const()) {
      std::set<unsigned> seen;
      std::vector<smt::Term> symbols;
      smt::collectSymbols(p.address, seen, symbols);
      bool allNamed = std::all_of(symbols.begin(), symbols.end(), [&](const smt::Term& v) { return named(v); });
      if (!symbols.empty() && allNamed) {
        pointer = smt::infix(names.apply(p.address).simplify());
        if (pointer[0] != '(') pointer = "(" + pointer + ")";
      }
    }
    if (pointer.empty()) continue;
    std::string value = pointer[0] == '&' ? pointer.substr(1) : std::string("*").append(pointer);
    names.pairs.emplace_back(p.value, context.int_const(value.c_str()));
  }
  // A list's length by the pointer to its first element, length(p), and the values of its fields in the first
  // element: first(p) at byte 0, first(p, 8) at byte 8; a doubly linked list's ends last(p) and before(p). A list
  // that no program value starts is named by the value that points to its last element (length_to(q)), or by the
  // one it ends at (length_before(q)).
  auto nameOf = [&](const smt::Term& t) -> std::optional<std::string> {
    for (const auto& [variable, name] : names.pairs)
      if (z3::eq(variable, t)) return name.decl().name().str();
    return std::nullopt;
  };
  auto name = [&](const smt::Term& t, const std::string& text) {
    if (smt::isSymbol(t) && !nameOf(t)) names.pairs.emplace_back(t, context.int_const(text.c_str()));
  };
  for (const ListSegment& l : state.memory->lists) {
    if (std::optional<std::string> start = nameOf(l.start)) {
      name(l.length, "length(" + *start + ")");
      for (const FieldValues& f : l.fields)
        name(f.first, "first(" + *start + (f.offset == 0 ? "" : ", " + std::to_string(f.offset)) + ")");
      if (l.back) {
        name(l.back->last, "last(" + *start + ")");
        name(l.back->before, "before(" + *start + ")");
      }
    } else if (std::optional<std::string> last = l.back ? nameOf(l.back->last) : std::nullopt) {
      name(l.length, "length_to(" + *last + ")");
    } else if (std::optional<std::string> end = nameOf(l.end); end && l.back) {
      name(l.length, "length_before(" + *end + ")");
    }
  }
  return names;
}

}  // namespace atropos::symex
