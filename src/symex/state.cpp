#include "state.h"

#include <algorithm>
#include <optional>

#include "smt/integers.h"
#include "smt/term.h"

namespace atropos::symex {

const Local* Frame::find(unsigned id) const {
  auto it = std::lower_bound(locals.begin(), locals.end(), id, [](const Local& l, unsigned i) { return l.id < i; });
  return it != locals.end() && it->id == id ? &*it : nullptr;
}

void Frame::set(unsigned id, const smt::Term& value) {
  auto it = std::lower_bound(locals.begin(), locals.end(), id, [](const Local& l, unsigned i) { return l.id < i; });
  if (it != locals.end() && it->id == id)
    it->value = value;
  else
    locals.insert(it, Local{id, value});
}

std::vector<smt::Term> State::allFacts() const {
  std::vector<const Knowledge*> chain;
  for (const Knowledge* k = knowledge.get(); k; k = k->parent.get()) chain.push_back(k);
  std::vector<smt::Term> facts;
  for (auto it = chain.rbegin(); it != chain.rend(); ++it)
    facts.insert(facts.end(), (*it)->facts.begin(), (*it)->facts.end());
  return facts;
}

void collectSymbols(const State& state, std::set<unsigned>& seen, std::vector<smt::Term>& out) {
  for (const smt::Term& f : state.allFacts()) smt::collectSymbols(f, seen, out);
  collectValueSymbols(state, seen, out);
}

void collectValueSymbols(const State& state, std::set<unsigned>& seen, std::vector<smt::Term>& out) {
  for (const Frame& frame : state.frames)
    for (const Local& l : frame.locals) smt::collectSymbols(l.value, seen, out);
  for (const MemoryBlock& b : state.memory->blocks) {
    smt::collectSymbols(b.lo, seen, out);
    smt::collectSymbols(b.hi, seen, out);
  }
  for (const PointsTo& p : state.memory->pointsTo) {
    smt::collectSymbols(p.address, seen, out);
    smt::collectSymbols(p.value, seen, out);
  }
  for (const ListSegment& l : state.memory->lists)
    for (const smt::Term* t : l.terms()) smt::collectSymbols(*t, seen, out);
}

smt::Term ListSegment::last(const FieldValues& field) const {
  return (field.first + (length - 1) * start.ctx().int_val(field.step)).simplify();
}

std::vector<smt::Term*> ListSegment::terms() {
  std::vector<smt::Term*> all{&start, &end, &length};
  for (FieldValues& f : fields) all.push_back(&f.first);
  if (back) {
    all.push_back(&back->before);
    all.push_back(&back->last);
  }
  return all;
}

std::vector<const smt::Term*> ListSegment::terms() const {
  std::vector<const smt::Term*> all{&start, &end, &length};
  for (const FieldValues& f : fields) all.push_back(&f.first);
  if (back) {
    all.push_back(&back->before);
    all.push_back(&back->last);
  }
  return all;
}

std::vector<smt::Term> ListSegment::emptyFacts() const {
  std::vector<smt::Term> facts{length == 0, start == end};
  if (back) facts.push_back(back->last == back->before);
  return facts;
}

void State::addFacts(std::vector<smt::Term> facts) {
  if (facts.empty()) return;
  auto chunk = std::make_shared<Knowledge>();
  chunk->parent = knowledge;
  chunk->depth = knowledge ? knowledge->depth + 1 : 1;
  chunk->facts = std::move(facts);
  knowledge = std::move(chunk);
}

Memory& State::mutableMemory() {
  if (!memory || memory.use_count() > 1) memory = std::make_shared<Memory>(memory ? *memory : Memory{});
  return const_cast<Memory&>(*memory);
}

std::optional<SymbolPlusConstant> symbolPlusConstant(const smt::Term& address) {
  int64_t value;
  if (address.is_numeral()) {
    if (!address.is_numeral_i64(value)) return std::nullopt;
    return SymbolPlusConstant{std::nullopt, value};
  }
  if (smt::isSymbol(address)) return SymbolPlusConstant{address.id(), 0};
  if (!address.is_app() || address.decl().decl_kind() != Z3_OP_ADD) return std::nullopt;
  SymbolPlusConstant sum;
  for (unsigned k = 0; k < address.num_args(); ++k) {
    std::optional<SymbolPlusConstant> part = symbolPlusConstant(address.arg(k));
    if (!part || (part->symbol && sum.symbol) || __builtin_add_overflow(sum.constant, part->constant, &sum.constant))
      return std::nullopt;
    if (part->symbol) sum.symbol = part->symbol;
  }
  return sum;
}

namespace {

// Whether two addresses differ as written: one symbol plus two different constants (the bytes of a string).
bool apart(const smt::Term& x, const smt::Term& y) {
  std::optional<SymbolPlusConstant> a = symbolPlusConstant(x), b = symbolPlusConstant(y);
  return a && b && a->symbol == b->symbol && a->constant != b->constant;
}

}  // namespace

std::vector<smt::Term> memoryFacts(z3::context& context, const Memory& memory, unsigned pointerBits,
                                   const IntegerModel& integers) {
  // A stored value lies in its type's range unless the reading makes it unbounded.
  auto inRange = [&](const smt::Term& v, unsigned bits, View view) -> smt::Term {
    if (integers.typesUnbounded) return context.bool_val(true);
    if (view == View::Unsigned) return smt::inUnsignedRange(v, bits);
    return integers.signedUnbounded ? context.bool_val(true) : smt::inSignedRange(v, bits);
  };
  std::vector<smt::Term> facts;
  smt::Term maxAddress = smt::unsignedMax(context, pointerBits);
  const auto& blocks = memory.blocks;
  for (size_t i = 0; i < blocks.size(); ++i) {
    // One past the end of an object is a valid address in C, so no object ends at the top of the address space.
    facts.push_back(blocks[i].lo >= 1 && blocks[i].lo <= blocks[i].hi && blocks[i].hi < maxAddress);
    for (size_t j = i + 1; j < blocks.size(); ++j)
      facts.push_back(blocks[i].hi < blocks[j].lo || blocks[j].hi < blocks[i].lo);
  }
  const auto& entries = memory.pointsTo;
  for (const PointsTo& e : entries) {
    // A constant's range is no fact (a string's bytes): every question would carry it.
    if (smt::Term range = inRange(e.value, e.bits, e.view); !(e.value.is_numeral() && range.simplify().is_true()))
      facts.push_back(range);
    if (e.mayBeOutside) continue;
    for (const MemoryBlock& b : blocks)
      if (z3::eq(b.lo, e.block)) facts.push_back(b.lo <= e.address && e.address + int(e.bits / 8) - 1 <= b.hi);
  }
  for (size_t i = 0; i < entries.size(); ++i)
    for (size_t j = i + 1; j < entries.size(); ++j) {
      const PointsTo& a = entries[i];
      const PointsTo& b = entries[j];
      if (a.bits != b.bits || !z3::eq(a.block, b.block) || apart(a.address, b.address)) continue;
      smt::Term same = a.address == b.address;
      if (a.view == b.view || integers.typesUnbounded) {
        facts.push_back(z3::implies(same, a.value == b.value));
      } else if (!integers.signedUnbounded) {
        const PointsTo& u = a.view == View::Unsigned ? a : b;
        const PointsTo& s = a.view == View::Unsigned ? b : a;
        smt::Term modulus = smt::powerOfTwo(context, u.bits);
        facts.push_back(z3::implies(same, u.value == s.value || u.value == s.value + modulus));
      }
    }
  const auto& lists = memory.lists;
  // The elements a state names of a list: its first, and for a doubly linked list its last (which may be the first).
  auto namedElements = [&](const ListSegment& l) {
    std::vector<smt::Term> starts{l.start};
    if (l.back) starts.push_back(l.back->last);
    return starts;
  };
  auto disjoint = [&](const smt::Term& x, uint64_t xBytes, const smt::Term& y, uint64_t yBytes) {
    return x + context.int_val(xBytes) - 1 < y || y + context.int_val(yBytes) - 1 < x;
  };
  for (size_t i = 0; i < lists.size(); ++i) {
    const ListSegment& l = lists[i];
    const smt::Term bytes = context.int_val(l.elementBytes);
    facts.push_back(l.length >= 0);
    facts.push_back(z3::implies(l.length == 0, l.start == l.end));
    z3::expr_vector allocated(context);
    for (const smt::Term& element : namedElements(l)) {
      allocated.push_back(element >= 1 && element + bytes - 1 < maxAddress);
      for (const MemoryBlock& b : blocks) allocated.push_back(element + bytes - 1 < b.lo || b.hi < element);
    }
    for (const FieldValues& f : l.fields) {
      allocated.push_back(inRange(f.first, f.bits, f.view) && inRange(l.last(f), f.bits, f.view));
    }
    facts.push_back(z3::implies(l.length >= 1, z3::mk_and(allocated)));
    if (l.back) {
      facts.push_back(z3::implies(l.length == 0, l.back->last == l.back->before));
      facts.push_back(z3::implies(l.length == 1, l.back->last == l.start));
      facts.push_back(z3::implies(l.length >= 2, disjoint(l.start, l.elementBytes, l.back->last, l.elementBytes)));
    }
    for (size_t j = i + 1; j < lists.size(); ++j) {
      const ListSegment& m = lists[j];
      for (const smt::Term& x : namedElements(l))
        for (const smt::Term& y : namedElements(m))
          facts.push_back(z3::implies(l.length >= 1 && m.length >= 1, disjoint(x, l.elementBytes, y, m.elementBytes)));
    }
  }
  return facts;
}

std::vector<smt::Term> formulaOf(z3::context& context, const State& state, unsigned pointerBits,
                                 const IntegerModel& integers) {
  std::vector<smt::Term> all = state.allFacts();
  std::vector<smt::Term> memory = memoryFacts(context, *state.memory, pointerBits, integers);
  all.insert(all.end(), memory.begin(), memory.end());
  return all;
}

}  // namespace atropos::symex
