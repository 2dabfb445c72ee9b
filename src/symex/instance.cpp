// Instance checks (conditions (b)–(f) of the generalization rule) and the locations a general state takes over from
// an instance.
#include <algorithm>
#include <functional>
#include <map>
#include <set>

#include "smt/term.h"
#include "lists.h"
#include "merge.h"
#include "merge_support.h"

namespace atropos::symex {

namespace {

// The link back of a general list `l` in the chain of the instance that matches it: a non-empty chain's elements each
// hold the address of the one before them, and its first element and last address are what μ makes of `before` and
// `last`; an empty chain's `before` and `last` are one address (the one the element after it holds there, as merges
// choose it, where μ does not give it). Binds what μ does not yet bind.
bool matchBack(const State& instance, const EqualTerms& equal, const ListSegment& l, const Chain& chain,
               Instantiation& mu, const std::function<bool(const smt::Term&)>& bound,
               const std::function<bool(const smt::Term&, const smt::Term&)>& proven,
               const std::function<bool(const smt::Term&)>& entails, Executor& executor, unsigned pointerBits) {
  const BackLink& back = *l.back;
  std::optional<ChainBack> link;
  if (!chain.empty()) {
    auto same = [&](const smt::Term& p, const smt::Term& q) { return equal.same(p, q) || entails(p == q); };
    link = backLinkOf(*instance.memory, chain, back.offset, equal, pointerBits, same);
    if (!link) return false;
  } else {
    std::optional<smt::Term> address;
    if (bound(back.before))
      address = mu.apply(back.before);
    else if (bound(back.last))
      address = mu.apply(back.last);
    else
      address = valueAfter(*instance.memory, chain, l.elementBytes, {back.offset, pointerBits, View::Unsigned}, equal);
    if (!address) address = executor.fresh("before");
    link = ChainBack{*address, *address};
  }
  for (const auto& [general, value] : {std::pair{back.before, link->before}, std::pair{back.last, link->last}}) {
    if (!bound(general))
      mu.pairs.emplace_back(general, value);
    else if (!proven(mu.apply(general), value))
      return false;
  }
  return true;
}

// The lists the elements of a general list `l` own, in the chain of the instance that matches it: a block of the
// chain holds at each owned field null or the start of a chain of the instance's blocks and lists not yet matched
// (marked in `matched` and `listed`) that ends at null, is no longer than the bound, keeps the ranges and owns
// nothing itself; a list of the chain owns, field by field, lists that the general ones describe.
bool matchOwned(const Memory& memory, const EqualTerms& equal, const ListSegment& l, const Chain& chain,
                std::vector<bool>& matched, std::vector<bool>& listed,
                const std::function<bool(const smt::Term&)>& entails, unsigned pointerBits) {
  auto isNull = [&](const smt::Term& t) { return equal.null(t) || entails(t == t.ctx().int_val(0)); };
  for (const ChainPiece& piece : chain.pieces) {
    if (piece.isList) {
      const std::vector<OwnedList>& inner = memory.lists[piece.index].owned;
      if (inner.size() != l.owned.size()) return false;
      for (const OwnedList& o : inner)
        if (std::none_of(l.owned.begin(), l.owned.end(), [&](const OwnedList& g) { return ownedWithin(o, g); }))
          return false;
      continue;
    }
    for (const OwnedList& owned : l.owned) {
      const FieldKey link{owned.offset, pointerBits, View::Unsigned};
      std::optional<smt::Term> start = fieldValue(memory, memory.blocks[piece.index], link, equal);
      if (!start) return false;
      if (isNull(*start)) continue;
      auto never = [](const smt::Term&, size_t) { return false; };
      Chain sub = walkChain(memory, *start, {owned.elementBytes, owned.nextOffset}, equal, matched, listed,
                            pointerBits, never);
      if (sub.empty() || !isNull(sub.end)) return false;
      if (owned.maxLength && !entails(sub.length <= start->ctx().int_val(*owned.maxLength))) return false;
      if (!chainWithin(memory, sub, owned.ranges, equal, entails)) return false;
      for (const ChainPiece& p : sub.pieces)
        if (p.isList && !memory.lists[p.index].owned.empty()) return false;
    }
  }
  return true;
}

// Each list of the general state is a chain of the instance's other heap blocks and lists (marked in `matched`
// and `listed`), from where μ puts its start to where μ puts its end, whose values progress in each of the list's
// fields by its step. A length, an end or a first value that nothing else names is bound like a free stored value
// (an empty chain's first value to the element's after it, as merges choose it). False when some list is no such
// chain.
bool matchLists(const State& instance, const EqualTerms& equal, const Memory& g, Instantiation& mu,
                std::vector<bool>& matched, std::vector<bool>& listed,
                const std::function<bool(const smt::Term&)>& entails, Executor& executor, unsigned pointerBits) {
  auto proven = [&](const smt::Term& a, const smt::Term& b) { return z3::eq(a, b) || entails(a == b); };
  // Symbols the blocks and lists' starts already use as themselves.
  std::set<unsigned> used;
  std::vector<smt::Term> usedSymbols;
  for (const MemoryBlock& b : g.blocks)
    for (const smt::Term* t : {&b.lo, &b.hi}) smt::collectSymbols(*t, used, usedSymbols);
  for (const ListSegment& l : g.lists) smt::collectSymbols(l.start, used, usedSymbols);
  auto bound = [&](const smt::Term& t) {
    return !smt::isSymbol(t) || used.count(t.id()) ||
           std::any_of(mu.pairs.begin(), mu.pairs.end(), [&](const auto& m) { return z3::eq(m.first, t); });
  };
  for (const ListSegment& l : g.lists) {
    std::optional<smt::Term> end;
    if (bound(l.end)) end = mu.apply(l.end);
    // A cycle (a list that ends where it starts) is walked around, not matched by the empty chain.
    bool cycle = z3::eq(l.start, l.end);
    auto atEnd = [&](const smt::Term& at, size_t steps) {
      return end && (steps > 0 || !cycle) && equal.same(at, *end);
    };
    const ListShape shape{l.elementBytes, l.nextOffset};
    std::optional<Chain> passed;
    // A list that only its links back reach (the part a forward walk passed) is walked back from its last element.
    if (!bound(l.start) && l.back && bound(l.back->last)) {
      auto atNull = [&](const smt::Term& at) { return equal.null(at); };
      BackChain back = walkBack(*instance.memory, mu.apply(l.back->last), end, shape, l.back->offset, equal, matched,
                                listed, pointerBits, atNull);
      mu.pairs.emplace_back(l.start, back.start);
      passed = std::move(back.chain);
    }
    Chain chain = passed ? *passed
                         : walkChain(*instance.memory, mu.apply(l.start), shape, equal, matched, listed, pointerBits,
                                     atEnd);
    if (!end)
      mu.pairs.emplace_back(l.end, chain.end);
    else if (!proven(chain.end, *end))
      return false;
    if (!bound(l.length))
      mu.pairs.emplace_back(l.length, chain.length);
    else if (!proven(mu.apply(l.length), chain.length))
      return false;
    if (l.back && !matchBack(instance, equal, l, chain, mu, bound, proven, entails, executor, pointerBits))
      return false;
    for (const FieldValues& field : l.fields) {
      FieldKey key{field.offset, field.bits, field.view};
      std::optional<smt::Term> first;
      if (!chain.empty()) {
        auto noModel = [](const smt::Term&) -> std::optional<int64_t> { return std::nullopt; };
        std::optional<Progression> p =
            progressionOf(*instance.memory, chain, key, field.step, equal, entails, noModel);
        if (!p) return false;
        first = p->first;
      } else if (bound(field.first)) {
        continue;  // an empty list holds no values
      } else {
        first = valueAfter(*instance.memory, chain, l.elementBytes, key, equal);
        if (!first) first = executor.fresh("first");
      }
      if (!bound(field.first))
        mu.pairs.emplace_back(field.first, *first);
      else if (!proven(mu.apply(field.first), *first))
        return false;
    }
    if (!chainWithin(*instance.memory, chain, l.ranges, equal, entails)) return false;
    if (!matchOwned(*instance.memory, equal, l, chain, matched, listed, entails, pointerBits)) return false;
  }
  return true;
}

// A variable of the other path that a fact defines (`t == e`, or `t <= e` and `t >= e`, `e` without it) over
// `known` variables or the instance's (`shared`) is bound by μ to what μ makes of `e`, and known from then on: the
// facts then speak of its one value.
void bindDefinedVariables(const std::vector<smt::Term>& facts, std::set<unsigned>& known,
                          const std::set<unsigned>& shared, Instantiation& mu) {
  struct Bounds {
    std::vector<smt::Term> upper, lower, equal;
  };
  std::map<unsigned, std::pair<smt::Term, Bounds>> candidates;
  auto note = [&](const smt::Term& t, const smt::Term& e, std::vector<smt::Term> Bounds::*side) {
    if (!smt::isSymbol(t) || known.count(t.id())) return;
    auto it = candidates.try_emplace(t.id(), t, Bounds{}).first;
    (it->second.second.*side).push_back(e);
  };
  for (const smt::Term& f : facts) {
    if (!f.is_app() || f.num_args() != 2 || !f.arg(0).is_int()) continue;
    const smt::Term a = f.arg(0), b = f.arg(1);
    switch (f.decl().decl_kind()) {
      case Z3_OP_EQ:
        note(a, b, &Bounds::equal);
        note(b, a, &Bounds::equal);
        break;
      case Z3_OP_LE:
        note(a, b, &Bounds::upper);
        note(b, a, &Bounds::lower);
        break;
      case Z3_OP_GE:
        note(a, b, &Bounds::lower);
        note(b, a, &Bounds::upper);
        break;
      default:
        break;
    }
  }
  auto definitionOf = [&](const Bounds& bounds) -> std::optional<smt::Term> {
    auto over = [&](const smt::Term& e) {
      std::set<unsigned> seen;
      std::vector<smt::Term> symbols;
      smt::collectSymbols(e, seen, symbols);
      return std::all_of(symbols.begin(), symbols.end(),
                         [&](const smt::Term& v) { return known.count(v.id()) || shared.count(v.id()); });
    };
    for (const smt::Term& e : bounds.equal)
      if (over(e)) return e;
    for (const smt::Term& u : bounds.upper)
      for (const smt::Term& l : bounds.lower)
        if (z3::eq(u, l) && over(u)) return u;
    return std::nullopt;
  };
  for (bool changed = true; changed;) {
    changed = false;
    for (auto& [id, candidate] : candidates) {
      if (known.count(id)) continue;
      if (std::optional<smt::Term> e = definitionOf(candidate.second)) {
        mu.pairs.emplace_back(candidate.first, mu.apply(*e));
        known.insert(id);
        changed = true;
      }
    }
  }
}

// The facts of a general state of another path that an instance must entail under `mu`. The general state carries
// facts of its path about values it no longer holds: variables that are neither μ's nor the state's values and
// memory, which stand for some value, not for every one (a branch condition on a value drawn before the paths parted
// is false on the instance's path). A group of facts linked only through such variables is left out where it is
// satisfiable, and its variables are bound to new ones, so that what the general state's facts say of them (Horn
// clauses and transitions carry its facts) does not bind the instance's values of the same name. The others are
// shown, a variable that a fact defines bound to its definition (bindDefinedVariables).
struct FactsToShow {
  std::vector<smt::Term> shown;
  std::vector<smt::Term> apart;  // the variables of the groups left out, to be bound to new ones
};
FactsToShow factsToShow(const State& instance, const State& general, Instantiation& mu, smt::Solver& solver) {
  std::vector<smt::Term> facts = general.allFacts();
  std::set<unsigned> known;
  std::vector<smt::Term> ignored;
  collectValueSymbols(general, known, ignored);
  for (const auto& [variable, value] : mu.pairs) known.insert(variable.id());
  std::set<unsigned> shared;
  collectSymbols(instance, shared, ignored);
  bindDefinedVariables(facts, known, shared, mu);
  // Union-find over the facts, joined where they share a variable that is not known.
  std::vector<size_t> group(facts.size());
  for (size_t k = 0; k < facts.size(); ++k) group[k] = k;
  std::function<size_t(size_t)> find = [&](size_t k) { return group[k] == k ? k : group[k] = find(group[k]); };
  std::map<unsigned, size_t> firstWith;
  std::vector<bool> touchesKnown(facts.size(), false);
  std::vector<std::vector<smt::Term>> unknownOf(facts.size());
  for (size_t k = 0; k < facts.size(); ++k) {
    std::set<unsigned> seen;
    std::vector<smt::Term> symbols;
    smt::collectSymbols(facts[k], seen, symbols);
    if (symbols.empty()) touchesKnown[k] = true;
    for (const smt::Term& v : symbols) {
      if (known.count(v.id())) {
        touchesKnown[k] = true;
        continue;
      }
      unknownOf[k].push_back(v);
      auto [it, inserted] = firstWith.emplace(v.id(), k);
      if (!inserted) group[find(k)] = find(it->second);
    }
  }
  std::map<size_t, bool> groupTouchesKnown;
  for (size_t k = 0; k < facts.size(); ++k) groupTouchesKnown[find(k)] = groupTouchesKnown[find(k)] || touchesKnown[k];
  FactsToShow result;
  std::map<size_t, std::vector<size_t>> apart;
  for (size_t k = 0; k < facts.size(); ++k) {
    if (groupTouchesKnown[find(k)])
      result.shown.push_back(facts[k]);
    else
      apart[find(k)].push_back(k);
  }
  for (const auto& [root, members] : apart) {
    // Renamed apart for the question only (Z3's own fresh constants): the executor's names are given once the
    // instance is shown, so that a failed check names nothing.
    Instantiation renamed;
    std::set<unsigned> bound;
    for (size_t k : members)
      for (const smt::Term& v : unknownOf[k])
        if (bound.insert(v.id()).second)
          renamed.pairs.emplace_back(v, z3::expr(v.ctx(), Z3_mk_fresh_const(v.ctx(), "apart", v.get_sort())));
    z3::expr_vector conjunction(facts[members.front()].ctx());
    for (size_t k : members) conjunction.push_back(renamed.apply(facts[k]));
    // Its variables are new: beside the instance's facts it is satisfiable only on its own.
    if (solver.satisfiable(z3::mk_and(conjunction)) != smt::Answer::Yes) {
      for (size_t k : members) result.shown.push_back(facts[k]);
      continue;
    }
    for (const auto& [variable, question] : renamed.pairs) result.apart.push_back(variable);
  }
  return result;
}

}  // namespace

std::optional<Instantiation> instanceOf(const State& instance, const State& general, smt::Solver& solver,
                                        Executor& executor, unsigned pointerBits, History history) {
  if (!sameShape(instance, general)) return std::nullopt;
  if (instance.heapForgotten && !general.heapForgotten) return std::nullopt;
  if (instance.heapHidden && !general.heapHidden) return std::nullopt;
  Instantiation mu;
  for (size_t f = 0; f < general.frames.size(); ++f)
    for (size_t k = 0; k < general.frames[f].locals.size(); ++k)
      mu.pairs.emplace_back(general.frames[f].locals[k].value, instance.frames[f].locals[k].value);

  const Memory& g = *general.memory;
  const Memory& i = *instance.memory;
  std::vector<bool> matched(i.blocks.size(), false);
  EqualTerms equal(instance.allFacts());
  for (const MemoryBlock& b : g.blocks) {
    MemoryBlock r = renamed(b, mu);
    bool found = false;
    for (size_t k = 0; k < i.blocks.size() && !found; ++k)
      if (sameBlock(r, i.blocks[k])) found = matched[k] = true;
    // A block whose end is a variable of its own (a merge's moved block) ends where the instance's block does; the
    // general state's facts about that end are checked below like all others.
    bool freeEnd = smt::isSymbol(b.hi) &&
                   std::none_of(mu.pairs.begin(), mu.pairs.end(), [&](const auto& m) { return z3::eq(m.first, b.hi); });
    for (size_t k = 0; k < i.blocks.size() && !found && freeEnd; ++k) {
      const MemoryBlock& x = i.blocks[k];
      bool sameOwner = r.kind != BlockKind::Stack || r.frame == x.frame;  // a heap block's frame is where it was made
      if (matched[k] || !equal.same(r.lo, x.lo) || r.kind != x.kind || !sameOwner || r.bytes != x.bytes) continue;
      mu.pairs.emplace_back(b.hi, x.hi);
      found = matched[k] = true;
    }
    if (!found) return std::nullopt;
  }
  auto entails = [&](const smt::Term& goal) { return solver.entails(goal) == smt::Answer::Yes; };
  auto proven = [&](const smt::Term& a, const smt::Term& b) { return z3::eq(a, b) || entails(a == b); };
  for (const PointsTo& p : g.pointsTo) {
    PointsTo r = renamed(p, mu);
    bool found = false;
    for (const PointsTo& q : i.pointsTo) found = found || samePointsTo(r, q);
    // A stored value that only the memory names (no program value holds it) stands for whatever the instance
    // stores at that location. The location may be reached through another pointer value of the same address.
    bool free = smt::isSymbol(p.value) &&
                std::none_of(mu.pairs.begin(), mu.pairs.end(), [&](const auto& m) { return z3::eq(m.first, p.value); });
    for (size_t k = 0; k < i.pointsTo.size() && !found; ++k) {
      const PointsTo& q = i.pointsTo[k];
      if (q.bits != r.bits || !equal.same(q.block, r.block) || !proven(q.address, r.address)) continue;
      if (free) {
        mu.pairs.emplace_back(p.value, executor.index().inView(q.value, q.bits, q.view, r.view));
        found = true;
      } else {
        found = q.view == r.view && proven(q.value, r.value);
      }
    }
    // A free value at a location that may lie outside its block stands for whatever is there, known or not.
    if (!found && free && p.mayBeOutside) {
      mu.pairs.emplace_back(p.value, executor.fresh("stored"));
      found = true;
    }
    if (!found) return std::nullopt;
  }
  std::vector<bool> listed(i.lists.size(), false);
  if (!g.lists.empty() && !matchLists(instance, equal, g, mu, matched, listed, entails, executor, pointerBits))
    return std::nullopt;
  if (!general.heapForgotten) {
    for (size_t k = 0; k < i.blocks.size(); ++k)
      if (!matched[k] && i.blocks[k].kind == BlockKind::Heap) return std::nullopt;
    if (std::find(listed.begin(), listed.end(), false) != listed.end()) return std::nullopt;
  }
  FactsToShow facts =
      history == History::Shared ? FactsToShow{general.allFacts(), {}} : factsToShow(instance, general, mu, solver);
  if (!facts.shown.empty()) {
    z3::expr_vector all(facts.shown.front().ctx());
    for (const smt::Term& f : facts.shown) all.push_back(mu.apply(f));
    if (solver.entails(z3::mk_and(all)) != smt::Answer::Yes) return std::nullopt;
  }
  for (const smt::Term& v : facts.apart) mu.pairs.emplace_back(v, executor.fresh("before"));
  return mu;
}

std::optional<State> withLocationsOf(const State& instance, const State& general, const Instantiation& mu,
                                     Executor& executor, z3::context& context, const smt::Limits& limits) {
  const Memory& g = *general.memory;
  const Memory& i = *instance.memory;
  if (i.pointsTo.size() <= g.pointsTo.size()) return std::nullopt;
  std::vector<smt::Term> generalFormula = executor.formula(general);
  // The instance's terms of the general state's variables: what μ maps them to, or themselves.
  std::unordered_map<unsigned, smt::Term> known;
  std::set<unsigned> mapped;
  for (const auto& [variable, value] : mu.pairs) {
    mapped.insert(variable.id());
    if (smt::isSymbol(value)) known.emplace(value.id(), variable);
  }
  std::set<unsigned> own;
  std::vector<smt::Term> ownList;
  for (const smt::Term& f : generalFormula) smt::collectSymbols(f, own, ownList);
  for (const Frame& frame : general.frames)
    for (const Local& l : frame.locals) smt::collectSymbols(l.value, own, ownList);
  for (const smt::Term& v : ownList)
    if (!mapped.count(v.id())) known.emplace(v.id(), v);
  EqualTerms equal(instance.allFacts());

  std::optional<FormulaSolver> solver;
  State widened = general;
  for (const PointsTo& q : i.pointsTo) {
    auto block = std::find_if(g.blocks.begin(), g.blocks.end(), [&](const MemoryBlock& b) {
      return z3::eq(b.lo, q.block) && z3::eq(mu.apply(b.lo), b.lo);
    });
    if (block == g.blocks.end()) continue;
    std::optional<smt::Term> address = equal.rewritten(q.address, known);
    if (!address) continue;
    *address = address->simplify();
    if (!solver) solver.emplace(context, limits, generalFormula);
    if (!solver->satisfiable()) return std::nullopt;
    const auto& entries = widened.memory->pointsTo;
    bool isKnown = std::any_of(entries.begin(), entries.end(), [&](const PointsTo& p) {
      return p.bits == q.bits && z3::eq(p.block, q.block) &&
             (z3::eq(p.address, *address) || solver->entails(p.address == *address));
    });
    if (isKnown) continue;
    smt::Term bytes = context.int_val(static_cast<int>((q.bits + 7) / 8));
    PointsTo entry{*address, executor.fresh("stored"), q.bits, q.view, q.block};
    entry.mayBeOutside = !solver->entails(block->lo <= *address && *address + bytes - 1 <= block->hi);
    widened.mutableMemory().pointsTo.push_back(entry);
  }
  if (widened.memory->pointsTo.size() == g.pointsTo.size()) return std::nullopt;
  return widened;
}

}  // namespace atropos::symex
