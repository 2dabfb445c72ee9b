#include "source_names.h"

#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>

#include <algorithm>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "smt/integers.h"
#include "smt/printing.h"
#include "smt/solver.h"
#include "smt/term.h"
#include "lists.h"

namespace atropos::symex {

namespace {

// The name and the C type of the term with id `term`.
std::optional<std::string> nameOf(const SourceNames& source, unsigned term) {
  for (const auto& [variable, name] : source.names.pairs)
    if (variable.id() == term) return name.decl().name().str();
  return std::nullopt;
}

const llvm::DIType* typeOf(const SourceNames& source, unsigned term) {
  auto it = source.types.find(term);
  return it == source.types.end() ? nullptr : it->second;
}

// The member at `address` of the struct that a named pointer points to, in C: `p->next`.
std::optional<MemberPath> memberAt(const SourceNames& source, const smt::Term& address) {
  std::optional<SymbolPlusConstant> at = symbolPlusConstant(address);
  if (!at || !at->symbol || at->constant < 0) return std::nullopt;
  const llvm::DICompositeType* record = pointedStruct(typeOf(source, *at->symbol));
  std::optional<std::string> pointer = record ? nameOf(source, *at->symbol) : std::nullopt;
  std::optional<MemberPath> member = pointer ? memberPathAt(record, static_cast<uint64_t>(at->constant)) : std::nullopt;
  if (!member) return std::nullopt;
  return MemberPath{*pointer + "->" + member->text, member->type};
}

// sourceNames as it goes: the names given so far, each to one term.
class Naming {
 public:
  explicit Naming(z3::context& context) : context_(context) {}

  const SourceNames& sofar() const { return out_; }
  std::optional<std::string> nameOf(const smt::Term& t) const { return symex::nameOf(out_, t.id()); }
  bool named(const smt::Term& t) const { return nameOf(t).has_value(); }
  // `t` gets the name `text` (of C type `type` where known) unless it has one or another term has that one.
  bool name(const smt::Term& t, const std::string& text, const llvm::DIType* type = nullptr) {
    if (named(t) || !taken_.insert(text).second) return false;
    out_.names.pairs.emplace_back(t, context_.int_const(text.c_str()));
    if (type) out_.types.emplace(t.id(), type);
    return true;
  }
  // `t`, equal to the named `other` in every state, shares its name and type.
  void alias(const smt::Term& t, const smt::Term& other) {
    for (size_t k = 0; k < out_.names.pairs.size(); ++k)
      if (z3::eq(out_.names.pairs[k].first, other)) {
        out_.names.pairs.emplace_back(t, out_.names.pairs[k].second);
        if (const llvm::DIType* type = symex::typeOf(out_, other.id())) out_.types.emplace(t.id(), type);
        return;
      }
  }
  SourceNames take() { return std::move(out_); }

 private:
  z3::context& context_;
  SourceNames out_;
  std::set<std::string> taken_;
};

// A value in memory by the C expression that reads it: a member of a struct through a named pointer, a global by
// its own name, else the address in named values (`*(arr + 4*j)`); nullopt where the address names none.
std::optional<MemberPath> readingOf(const PointsTo& p, const Memory& memory, const Naming& naming) {
  if (std::optional<MemberPath> member = memberAt(naming.sofar(), p.address)) return member;
  if (std::optional<std::string> pointer = naming.nameOf(p.address)) return MemberPath{"*" + *pointer};
  for (const MemoryBlock& b : memory.blocks)
    if (b.kind == BlockKind::Global && z3::eq(b.lo, p.address) && b.origin && b.origin->hasName())
      return MemberPath{b.origin->getName().str()};
  if (p.address.is_const()) return std::nullopt;
  std::set<unsigned> seen;
  std::vector<smt::Term> symbols;
  smt::collectSymbols(p.address, seen, symbols);
  auto named = [&](const smt::Term& v) { return naming.named(v); };
  if (symbols.empty() || !std::all_of(symbols.begin(), symbols.end(), named)) return std::nullopt;
  std::string address = smt::infix(naming.sofar().names.apply(p.address).simplify());
  return MemberPath{"*" + (address[0] == '(' ? address : "(" + address + ")")};
}

// The struct a list's elements are, from the C type of a named pointer to one of them.
const llvm::DICompositeType* elementStruct(const ListSegment& l, const SourceNames& names) {
  for (const smt::Term* t : {&l.start, l.back ? &l.back->last : nullptr, &l.end})
    if (const llvm::DICompositeType* record = t ? pointedStruct(typeOf(names, t->id())) : nullptr) return record;
  return nullptr;
}

// A field of a list's elements in C: the member's name where the struct is known, else its byte.
std::string fieldName(const llvm::DICompositeType* record, uint64_t offset) {
  std::optional<MemberPath> member = record ? memberPathAt(record, offset) : std::nullopt;
  return member ? member->text : "field at byte " + std::to_string(offset);
}

std::string elementsOf(const llvm::DICompositeType* record) {
  return record && !record->getName().empty() ? "struct " + record->getName().str() + " elements" : "elements";
}

std::string boundsText(const FieldRange& r) {
  if (r.lo && r.hi) return *r.lo == *r.hi ? "== " + std::to_string(*r.lo)
                                          : "is from " + std::to_string(*r.lo) + " to " + std::to_string(*r.hi);
  return r.lo ? ">= " + std::to_string(*r.lo) : "<= " + std::to_string(*r.hi);
}

// A bound that only restates the range of a C type (x <= 2147483647, ...).
bool isTypeBound(const smt::Term& fact, z3::context& context) {
  if (fact.num_args() != 2) return false;
  for (unsigned k = 0; k < 2; ++k) {
    const smt::Term& side = fact.arg(k);
    if (!side.is_numeral()) continue;
    for (unsigned bits : {8u, 16u, 32u, 64u})
      if (z3::eq(side, smt::unsignedMax(context, bits)) || z3::eq(side, smt::signedMax(context, bits)) ||
          z3::eq(side, smt::signedMin(context, bits)))
        return true;
  }
  return false;
}

// a >= b as b <= a, a > b as b < a: one spelling per fact.
smt::Term canonical(const smt::Term& fact) {
  if (fact.is_app() && fact.num_args() == 2) {
    if (fact.decl().decl_kind() == Z3_OP_GE) return fact.arg(1) <= fact.arg(0);
    if (fact.decl().decl_kind() == Z3_OP_GT) return fact.arg(1) < fact.arg(0);
  }
  return fact;
}

// Every symbol of `e` (renamed by sourceNames) is a name, and there is one.
bool overNames(const smt::Term& e, const Instantiation& names) {
  std::set<unsigned> seen;
  std::vector<smt::Term> variables;
  smt::collectSymbols(e, seen, variables);
  for (const smt::Term& v : variables)
    if (std::none_of(names.pairs.begin(), names.pairs.end(), [&](const auto& p) { return z3::eq(p.second, v); }))
      return false;
  return !variables.empty();
}

// The state's facts over named values: the tightest constant bound of each term, none that the others imply, a
// pair of opposite inequations as one equation.
Facts factsOverNames(const State& state, const Instantiation& names, z3::context& context) {
  std::vector<smt::Term> facts;
  for (const smt::Term& fact : state.allFacts()) {
    std::vector<smt::Term> parts;
    smt::conjunctsOf(names.apply(fact).simplify(), parts);
    for (const smt::Term& part : parts) {
      smt::Term f = canonical(part);
      if (!overNames(f, names) || isTypeBound(f, context)) continue;
      if (std::any_of(facts.begin(), facts.end(), [&](const smt::Term& g) { return z3::eq(f, g); })) continue;
      facts.push_back(f);
    }
  }
  auto looser = [&](const smt::Term& f) {
    if (f.decl().decl_kind() != Z3_OP_LE || !(f.arg(0).is_numeral() || f.arg(1).is_numeral())) return false;
    bool lower = f.arg(0).is_numeral();
    const smt::Term& term = lower ? f.arg(1) : f.arg(0);
    int64_t bound, other;
    if (!(lower ? f.arg(0) : f.arg(1)).is_numeral_i64(bound)) return false;
    for (const smt::Term& g : facts) {
      if (z3::eq(g, f) || g.decl().decl_kind() != Z3_OP_LE) continue;
      if (lower && g.arg(0).is_numeral_i64(other) && z3::eq(g.arg(1), term) && other > bound) return true;
      if (!lower && g.arg(1).is_numeral_i64(other) && z3::eq(g.arg(0), term) && other < bound) return true;
    }
    return false;
  };
  std::vector<smt::Term> tight;
  for (const smt::Term& f : facts)
    if (!looser(f)) tight.push_back(f);
  std::vector<smt::Term> independent;
  for (size_t k : smt::independentFacts(std::vector<z3::expr>(tight.begin(), tight.end()), {}))
    independent.push_back(tight[k]);
  Facts out;
  std::vector<bool> printed(independent.size(), false);
  for (size_t i = 0; i < independent.size(); ++i) {
    if (printed[i]) continue;
    const smt::Term& f = independent[i];
    if (f.decl().decl_kind() == Z3_OP_LE)
      for (size_t j = i + 1; j < independent.size(); ++j)
        if (!printed[j] && independent[j].decl().decl_kind() == Z3_OP_LE && z3::eq(independent[j].arg(0), f.arg(1)) &&
            z3::eq(independent[j].arg(1), f.arg(0))) {
          printed[i] = printed[j] = true;
          out.push_back(smt::infix(f.arg(0) == f.arg(1)));
          break;
        }
    if (printed[i]) continue;
    printed[i] = true;
    out.push_back(smt::infix(f));
  }
  return out;
}

// A list as a sentence: `head starts a doubly linked list of length(head) struct node elements linked by next and
// back by prev; the last one's next == 0; ...`. Empty for a list that no named value starts or reaches.
std::string describeList(const ListSegment& l, const SourceNames& source) {
  const Instantiation& names = source.names;
  auto named = [&](const smt::Term& t) { return overNames(t, names); };
  smt::Term start = names.apply(l.start);
  smt::Term end = names.apply(l.end);
  // A list that no program value starts is told by what reaches it: the end a doubly linked one links back from.
  const bool reachedBack = !named(start) && l.back && (named(end) || named(names.apply(l.back->last)));
  if (!named(start) && !reachedBack) return "";
  const llvm::DICompositeType* record = elementStruct(l, source);
  const std::string next = fieldName(record, l.nextOffset);
  std::string text = (reachedBack ? std::string("a ") : smt::infix(start) + " starts a ") +
                     (l.back ? "doubly linked " : "") + "list of " + smt::infix(names.apply(l.length)) + " " +
                     elementsOf(record) + " linked by " + next +
                     (l.back ? " and back by " + fieldName(record, l.back->offset) : "") + "; the last one's " +
                     next + (named(end) || end.is_numeral() ? " == " + smt::infix(end) : " points where no program "
                                                                                         "value points");
  if (l.back) {
    const std::string prev = fieldName(record, l.back->offset);
    smt::Term before = names.apply(l.back->before);
    const std::string beforeText = smt::infix(before);
    // The first element's link back is named after itself (start->prev) where nothing else names it.
    if (beforeText != smt::infix(start) + "->" + prev)
      text += "; the first one's " + prev + " " +
              (named(before) || before.is_numeral() ? "== " + beforeText : "points where no program value points");
    smt::Term last = names.apply(l.back->last);
    text += "; the last one is " + (named(last) ? smt::infix(last) : "at an address no program value holds");
  }
  for (const FieldValues& f : l.fields) {
    const std::string first = smt::infix(names.apply(f.first));
    text += f.step == 0 ? "; every element's " + fieldName(record, f.offset) + " == " + first
                        : "; the k-th element's (from 0) " + fieldName(record, f.offset) + " == " + first + " + " +
                              std::to_string(f.step) + "*k";
  }
  for (const FieldRange& r : l.ranges) text += "; every element's " + fieldName(record, r.offset) + " " + boundsText(r);
  for (const OwnedList& o : l.owned) {
    std::optional<MemberPath> owner = record ? memberPathAt(record, o.offset) : std::nullopt;
    const llvm::DICompositeType* inner = owner ? pointedStruct(owner->type) : nullptr;
    text += "; every element's " + fieldName(record, o.offset) + " is null or the only pointer to a list of " +
            (o.maxLength ? "at most " + std::to_string(*o.maxLength) + " " : std::string()) +
            (inner ? elementsOf(inner) : std::to_string(o.elementBytes) + "-byte elements") +
            " of its own linked by " + fieldName(inner, o.nextOffset);
    for (const FieldRange& r : o.ranges) text += ", each one's " + fieldName(inner, r.offset) + " " + boundsText(r);
  }
  return text;
}

}  // namespace

SourceNames sourceNames(const State& state, const ProgramIndex& index, z3::context& context) {
  Naming naming(context);
  for (size_t f = 0; f < state.frames.size(); ++f) {
    const Frame& frame = state.frames[f];
    for (const Local& local : frame.locals) {
      const llvm::Value* value = index.valueById(frame.function, local.id);
      std::string name = index.sourceName(value);
      if (name.empty()) continue;
      if (f + 1 != state.frames.size()) name = frame.function->getName().str() + "::" + name;
      naming.name(local.value, name, index.sourceType(value));
    }
  }
  // At a return (a function's summary), the value it returns.
  if (!state.frames.empty())
    if (auto* ret = llvm::dyn_cast_or_null<llvm::ReturnInst>(state.top().next); ret && ret->getReturnValue())
      if (const Local* local = state.top().find(index.valueId(ret->getReturnValue()));
          local && smt::isSymbol(local->value))
        naming.name(local->value, "returned");
  // Allocated blocks by the pointer that holds their start (or that the facts show equal to it), or by number.
  const EqualTerms equal(state.allFacts());
  const std::vector<std::pair<smt::Term, smt::Term>> variables = naming.sofar().names.pairs;
  unsigned anonymous = 0;
  for (const MemoryBlock& b : state.memory->blocks) {
    if (b.kind == BlockKind::Global) continue;
    if (!naming.named(b.lo))
      for (const auto& [variable, name] : variables)
        if (smt::isSymbol(variable) && equal.same(variable, b.lo)) {
          naming.alias(b.lo, variable);
          break;
        }
    while (!naming.named(b.lo) && !naming.name(b.lo, "block" + std::to_string(++anonymous))) {
    }
    naming.name(b.hi, naming.nameOf(b.lo).value() + "_end");
  }
  // Values in memory by what reads them, again while that names more: `p->next`, then `p->next->data`.
  for (bool more = true; more;) {
    more = false;
    for (const PointsTo& p : state.memory->pointsTo)
      if (smt::isSymbol(p.value) && !naming.named(p.value))
        if (std::optional<MemberPath> reading = readingOf(p, *state.memory, naming))
          more |= naming.name(p.value, reading->text, reading->type);
  }
  // A list's length by the pointer to its first element, length(p), and the fields of the first element through
  // it, p->data, as a doubly linked list's first link back, p->prev, and its last element last(p). A list that no
  // program value starts is named by the value that points to its last element (length_to(q)), or by the one it
  // ends at (length_before(q)).
  for (const ListSegment& l : state.memory->lists) {
    const llvm::DICompositeType* record = elementStruct(l, naming.sofar());
    if (std::optional<std::string> start = naming.nameOf(l.start)) {
      // A field of the first element through the start: its member where the struct is known.
      auto field = [&](uint64_t offset) {
        if (std::optional<MemberPath> member = record ? memberPathAt(record, offset) : std::nullopt)
          return MemberPath{*start + "->" + member->text, member->type};
        return MemberPath{"first(" + *start + (offset == 0 ? "" : ", " + std::to_string(offset)) + ")"};
      };
      if (smt::isSymbol(l.length)) naming.name(l.length, "length(" + *start + ")");
      for (const FieldValues& f : l.fields)
        if (smt::isSymbol(f.first)) {
          MemberPath first = field(f.offset);
          naming.name(f.first, first.text, first.type);
        }
      if (l.back) {
        if (smt::isSymbol(l.back->last))
          naming.name(l.back->last, "last(" + *start + ")", typeOf(naming.sofar(), l.start.id()));
        MemberPath before = record ? field(l.back->offset) : MemberPath{"before(" + *start + ")"};
        if (smt::isSymbol(l.back->before)) naming.name(l.back->before, before.text, before.type);
      }
    } else if (std::optional<std::string> last = l.back ? naming.nameOf(l.back->last) : std::nullopt) {
      if (smt::isSymbol(l.length)) naming.name(l.length, "length_to(" + *last + ")");
    } else if (std::optional<std::string> end = naming.nameOf(l.end); end && l.back) {
      if (smt::isSymbol(l.length)) naming.name(l.length, "length_before(" + *end + ")");
    }
  }
  return naming.take();
}

Facts describeState(const State& state, const ProgramIndex& index, z3::context& context) {
  SourceNames source = sourceNames(state, index, context);
  const Instantiation& names = source.names;
  Facts out = factsOverNames(state, names, context);
  for (const PointsTo& p : state.memory->pointsTo) {
    smt::Term address = names.apply(p.address).simplify();
    smt::Term value = names.apply(p.value);
    if (!overNames(address, names) || !(overNames(value, names) || value.is_numeral())) continue;
    std::optional<MemberPath> member = memberAt(source, p.address);
    std::string location = member ? member->text : "*" + smt::infix(address);
    std::string fact = location;
    if (smt::infix(value) == location)
      fact += " holds a value of its own";  // the value is named after its location
    else
      fact += " == " + smt::infix(value);
    if (p.mayBeOutside) fact += ", when " + smt::infix(address) + " lies inside its block";
    out.push_back(std::move(fact));
  }
  for (const ListSegment& l : state.memory->lists)
    if (std::string sentence = describeList(l, source); !sentence.empty()) out.push_back(std::move(sentence));
  if (state.heapForgotten) out.push_back("(some heap blocks are no longer tracked)");
  if (state.heapHidden) out.push_back("(heap blocks of the callers that this call cannot reach are left out)");
  return out;
}

}  // namespace atropos::symex
