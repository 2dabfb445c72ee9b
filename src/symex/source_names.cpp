#include "symex/source_names.h"

#include <llvm/IR/Function.h>

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
  return names;
}

}  // namespace atropos::symex
