#include "bmc/recurrence.h"

#include <llvm/Analysis/LoopInfo.h>
#include <llvm/Analysis/ValueTracking.h>
#include <llvm/IR/Dominators.h>
#include <llvm/IR/IntrinsicInst.h>
#include <llvm/IR/Module.h>

#include <algorithm>
#include <map>
#include <set>

#include "encoder.h"
#include "common/bits.h"
#include "common/c_text.h"
#include "frontend/normalize.h"
#include "frontend/source_location.h"
#include "smt/failure.h"
#include "smt/isolated.h"
#include "smt/solver.h"

namespace atropos::bmc {

namespace {

constexpr unsigned kMaxQueryMillis = 15000;
// The loops this proves are small; a program that unwinds to more (recursion inlined 8 deep took 1.6 GB) is left.
constexpr size_t kMaxUnwoundInstructions = 20000;
constexpr size_t kMaxFacts = 512;
constexpr unsigned kMaxLowBits = 16;

// A candidate fact about the loop's state (loopState) at its head.
struct Fact {
  enum class Kind { Constant, Equal, LowBits, UnsignedAtLeast, UnsignedAtMost, SignedAtLeast, SignedAtMost };
  Kind kind;
  size_t entry;
  size_t other = 0;    // Equal: the entry it equals
  uint64_t value = 0;  // the constant, the bound, or the low bits
  unsigned lowBits = 0;
};

smt::Term termOf(const Fact& f, const std::vector<smt::Term>& state) {
  const smt::Term& x = state[f.entry];
  z3::context& c = x.ctx();
  const unsigned bits = x.get_sort().bv_size();
  switch (f.kind) {
    case Fact::Kind::Constant:
      return x == c.bv_val(f.value, bits);
    case Fact::Kind::Equal:
      return x == state[f.other];
    case Fact::Kind::LowBits:
      return x.extract(f.lowBits - 1, 0) == c.bv_val(f.value, f.lowBits);
    case Fact::Kind::UnsignedAtLeast:
      return z3::uge(x, c.bv_val(f.value, bits));
    case Fact::Kind::UnsignedAtMost:
      return z3::ule(x, c.bv_val(f.value, bits));
    case Fact::Kind::SignedAtLeast:
      return x >= c.bv_val(f.value, bits);
    case Fact::Kind::SignedAtMost:
      return x <= c.bv_val(f.value, bits);
  }
  return c.bool_val(true);
}

smt::Term conjunction(const std::vector<Fact>& facts, const std::vector<bool>& kept, const std::vector<smt::Term>& state,
                      z3::context& c) {
  z3::expr_vector all(c);
  for (size_t k = 0; k < facts.size(); ++k)
    if (kept[k]) all.push_back(termOf(facts[k], state));
  return all.empty() ? c.bool_val(true) : z3::mk_and(all);
}

// The facts of the templates that hold at every one of the observed states (values per entry; none where an entry
// is not an integer of at most 64 bits).
std::vector<Fact> factsOf(const std::vector<std::vector<std::optional<uint64_t>>>& observed,
                          const std::vector<unsigned>& widths) {
  std::vector<Fact> facts;
  const size_t n = widths.size();
  auto usable = [&](size_t e) {
    return widths[e] > 0 && std::all_of(observed.begin(), observed.end(), [&](const auto& s) { return s[e].has_value(); });
  };
  for (size_t e = 0; e < n && facts.size() < kMaxFacts; ++e) {
    if (!usable(e)) continue;
    const unsigned w = widths[e];
    const uint64_t first = *observed.front()[e];
    // A value the loop does not change: its constant says all (its relations to others come below).
    if (std::all_of(observed.begin(), observed.end(), [&](const auto& s) { return *s[e] == first; })) {
      facts.push_back(Fact{Fact::Kind::Constant, e, 0, first, 0});
      continue;
    }
    for (unsigned j = 1; j < w && j <= kMaxLowBits; ++j) {
      const uint64_t low = first & maskOf(j);
      if (!std::all_of(observed.begin(), observed.end(), [&](const auto& s) { return (*s[e] & maskOf(j)) == low; }))
        break;
      facts.push_back(Fact{Fact::Kind::LowBits, e, 0, low, j});
    }
    uint64_t umin = first, umax = first;
    int64_t smin = signExtend(first, w), smax = smin;
    for (const auto& s : observed) {
      umin = std::min(umin, *s[e]);
      umax = std::max(umax, *s[e]);
      smin = std::min(smin, signExtend(*s[e], w));
      smax = std::max(smax, signExtend(*s[e], w));
    }
    // Bounds that every value of the width has say nothing.
    if (umin != 0) facts.push_back(Fact{Fact::Kind::UnsignedAtLeast, e, 0, umin, 0});
    if (umax != maskOf(w)) facts.push_back(Fact{Fact::Kind::UnsignedAtMost, e, 0, umax, 0});
    if (smin != signExtend(uint64_t{1} << (w - 1), w))
      facts.push_back(Fact{Fact::Kind::SignedAtLeast, e, 0, static_cast<uint64_t>(smin) & maskOf(w), 0});
    if (smax != signExtend(maskOf(w - 1), w))
      facts.push_back(Fact{Fact::Kind::SignedAtMost, e, 0, static_cast<uint64_t>(smax) & maskOf(w), 0});
  }
  for (size_t e = 0; e < n; ++e)
    for (size_t f = e + 1; f < n && facts.size() < kMaxFacts; ++f) {
      if (!usable(e) || !usable(f) || widths[e] != widths[f]) continue;
      if (std::all_of(observed.begin(), observed.end(), [&](const auto& s) { return *s[e] == *s[f]; }))
        facts.push_back(Fact{Fact::Kind::Equal, e, f, 0, 0});
    }
  return facts;
}

// The source names of the loop's state, where the debug information gives one that holds at the head: a phi of the
// head by the variable a dbg.value there says it is, a value from before the loop by the only variable it is the
// value of (a variable assigned again would be a phi), a global by its name.
std::vector<std::string> sourceNames(const llvm::BasicBlock& head, const std::vector<const llvm::Value*>& state) {
  std::map<const llvm::DILocalVariable*, std::set<const llvm::Value*>> valuesOf;
  std::map<const llvm::Value*, const llvm::DILocalVariable*> atHead;
  for (const llvm::BasicBlock& b : *head.getParent())
    for (const llvm::Instruction& i : b)
      if (auto* dbg = llvm::dyn_cast<llvm::DbgValueInst>(&i)) {
        const llvm::Value* v = dbg->getValue();
        // A variable declared without a value is undefined until its first assignment.
        if (!dbg->getVariable() || !v || llvm::isa<llvm::UndefValue>(v)) continue;
        valuesOf[dbg->getVariable()].insert(v);
        if (&b == &head) atHead.emplace(v, dbg->getVariable());
      }
  std::vector<std::string> names;
  for (const llvm::Value* v : state) {
    std::string name;
    if (auto* g = llvm::dyn_cast<llvm::GlobalVariable>(v)) {
      name = g->getName().str();
    } else if (llvm::isa<llvm::PHINode>(v) && atHead.count(v)) {
      name = atHead[v]->getName().str();
    } else {
      for (const auto& [variable, values] : valuesOf)
        if (values.size() == 1 && *values.begin() == v) name = variable->getName().str();
    }
    const bool identifier = !name.empty() && std::all_of(name.begin(), name.end(), [](char ch) {
      return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_';
    });
    names.push_back(identifier ? name : std::string());
  }
  for (size_t k = 0; k < names.size(); ++k)
    if (!names[k].empty() && std::count(names.begin(), names.end(), names[k]) > 1)
      for (size_t j = names.size(); j-- > k;)
        if (j != k && names[j] == names[k]) names[j].clear();
  return names;
}

// The fact in C, or nothing when a value in it has no name or no C type of its width.
std::optional<std::string> cExpressionOf(const Fact& f, const std::vector<std::string>& names,
                                         const std::vector<unsigned>& widths) {
  auto stated = [&](size_t e) {
    const unsigned w = widths[e];
    return !names[e].empty() && (w == 8 || w == 16 || w == 32 || w == 64);
  };
  if (!stated(f.entry) || (f.kind == Fact::Kind::Equal && !stated(f.other))) return std::nullopt;
  const unsigned w = widths[f.entry];
  const std::string x = cCast(w, false) + names[f.entry];
  auto literal = [w](uint64_t pattern) { return literalOfWidth(pattern, w, false); };
  switch (f.kind) {
    case Fact::Kind::Constant:
      return x + " == " + literal(f.value);
    case Fact::Kind::Equal:
      return x + " == " + cCast(w, false) + names[f.other];
    case Fact::Kind::LowBits:
      return "(" + x + " & " + literal(maskOf(f.lowBits)) + ") == " + literal(f.value);
    case Fact::Kind::UnsignedAtLeast:
      return x + " >= " + literal(f.value);
    case Fact::Kind::UnsignedAtMost:
      return x + " <= " + literal(f.value);
    case Fact::Kind::SignedAtLeast:
      return cCast(w, true) + names[f.entry] + " >= " + literalOfWidth(f.value, w, true);
    case Fact::Kind::SignedAtMost:
      return cCast(w, true) + names[f.entry] + " <= " + literalOfWidth(f.value, w, true);
  }
  return std::nullopt;
}

bool hasArrays(const smt::Term& t) {
  return anySubterm(t, [](const smt::Term& e) { return e.is_array() || e.is_lambda() || e.is_quantifier(); });
}

// Z3's bit-blasting tactics where the question has no arrays (its QF_BV solver ran past
// 20 s on an iteration's question about a few multiplications that they settle in milliseconds), in a child process
// (they do not stop at an interrupt: smt/isolated.h), else its general solver.
z3::check_result checkWithin(z3::context& context, smt::QueryWatch& watch, const std::vector<smt::Term>& facts,
                             const Deadline& deadline, std::optional<z3::model>* model,
                             const std::shared_ptr<smt::QueryLog>& smtLog) {
  smt::Limits limits;
  limits.deadline = deadline;
  limits.log = smtLog;
  limits.queryMillis = kMaxQueryMillis;
  const bool bitvectorsOnly = std::none_of(facts.begin(), facts.end(), hasArrays);
  z3::solver solver =
      smt::makeSolver(context, bitvectorsOnly ? smt::Procedure::BitBlasting : smt::Procedure::General, limits);
  for (const smt::Term& f : facts) solver.add(f);
  z3::check_result r = bitvectorsOnly ? smt::checkIsolated(solver, limits) : smt::checkLimited(watch, solver, limits);
  if (r == z3::sat && model) model->emplace(solver.get_model());
  return r;
}

size_t unwoundInstructionsWithin(const Deadline& deadline) {
  return std::min(kMaxUnwoundInstructions,
                  static_cast<size_t>(std::clamp(deadline.secondsLeft(), 0.1, 1e6) * kEncodedInstructionsPerSecond));
}

// Houdini: the largest subset of `facts` that one iteration keeps (none when an iteration from the set may leave it
// without a fact to drop, or the solver cannot tell).
std::optional<std::vector<bool>> closedSubset(const llvm::BasicBlock& head, llvm::Module& module,
                                              const std::vector<Fact>& facts, const Deadline& deadline,
                                              const std::shared_ptr<smt::QueryLog>& smtLog) {
  z3::context context;
  smt::QueryWatch watch(context, smtLog);
  EncodingOptions options;
  options.bound = 64;  // the loops of the functions it calls
  options.deadline = deadline;
  options.maxInstructions = unwoundInstructionsWithin(deadline);
  const Iteration iteration = encodeIteration(context, module, head, options);
  std::vector<bool> kept(facts.size(), true);
  for (size_t round = 0; round <= facts.size(); ++round) {
    if (deadline.expired()) return std::nullopt;
    std::vector<smt::Term> query = iteration.background;
    query.push_back(conjunction(facts, kept, iteration.before, context));
    query.push_back(!(iteration.returns && conjunction(facts, kept, iteration.after, context)));
    std::optional<z3::model> model;
    const z3::check_result r = checkWithin(context, watch, query, deadline, &model, smtLog);
    if (r == z3::unsat) return kept;
    if (r != z3::sat || !model->eval(iteration.returns, true).is_true()) return std::nullopt;
    bool dropped = false;
    for (size_t k = 0; k < facts.size(); ++k)
      if (kept[k] && !model->eval(termOf(facts[k], iteration.after), true).is_true()) {
        kept[k] = false;
        dropped = true;
      }
    if (!dropped) return std::nullopt;
  }
  return std::nullopt;
}

// Whether the loop's own loads and stores (its calls are not looked into) go to globals only: an iteration from any
// state at the head has no other object (main's variables in memory, the heap), so a loop that touches one is not
// proven here, and trying would only cost time.
bool touchesOnlyGlobals(const llvm::Loop& loop) {
  for (const llvm::BasicBlock* b : loop.blocks())
    for (const llvm::Instruction& i : *b) {
      const llvm::Value* pointer = nullptr;
      if (auto* load = llvm::dyn_cast<llvm::LoadInst>(&i))
        pointer = load->getPointerOperand();
      else if (auto* store = llvm::dyn_cast<llvm::StoreInst>(&i))
        pointer = store->getPointerOperand();
      else if (auto* intrinsic = llvm::dyn_cast<llvm::MemIntrinsic>(&i))
        pointer = intrinsic->getDest();
      if (pointer && !llvm::isa<llvm::GlobalVariable>(llvm::getUnderlyingObject(pointer))) return false;
    }
  return true;
}

// The first of `tried`, loops of `module`'s main, at whose head a recurrent set is proven. Throws EncodingFailure, and
// Z3's exceptions when the solver fails.
std::optional<ProvenRecurrentSet> recurrentSetAmong(const std::vector<const llvm::Loop*>& tried, llvm::Module& module,
                                                   const RecurrentSetOptions& options) {
  z3::context context;
  smt::QueryWatch watch(context, options.smtLog);
  EncodingOptions encodingOptions;
  encodingOptions.bound = options.observedIterations;
  encodingOptions.headStates = true;
  encodingOptions.deadline = options.deadline;
  encodingOptions.maxInstructions = unwoundInstructionsWithin(options.deadline);
  const Encoding encoding = encode(context, module, encodingOptions);
  for (const llvm::Loop* loop : tried) {
    if (options.deadline.expired()) break;
    const llvm::BasicBlock* head = loop->getHeader();
    std::vector<const Encoding::HeadState*> visits;
    for (const Encoding::HeadState& h : encoding.headStates)
      if (h.head == head) visits.push_back(&h);
    std::sort(visits.begin(), visits.end(), [](auto* a, auto* b) { return a->iteration < b->iteration; });
    if (visits.size() < 3) continue;
    // An execution that visits the head as often as the unwinding allows, or as near to that as one does. First
    // with every input a small number, which leaves a formula that simplifies to almost nothing (a square root of
    // an input, bit-blasted, took the whole budget), then with any inputs.
    std::optional<z3::model> model;
    size_t last = 0;
    for (const std::optional<uint64_t> input : {std::optional<uint64_t>(3), std::optional<uint64_t>(1),
                                                 std::optional<uint64_t>()}) {
      for (last = visits.size() - 1; last >= 2; last /= 2) {
        std::vector<smt::Term> query = encoding.background;
        query.insert(query.end(), encoding.arrayFacts.begin(), encoding.arrayFacts.end());
        query.push_back(encoding.uninitializedZero);
        query.push_back(visits[last]->reached);
        if (input)
          for (const NondetDraw& draw : encoding.draws)
            query.push_back(draw.value == context.bv_val(*input, draw.value.get_sort().bv_size()));
        const z3::check_result r = checkWithin(context, watch, query, options.deadline, &model, options.smtLog);
        if (r != z3::unsat) break;
      }
      if (model) break;
    }
    if (!model) continue;
    // Its states from the second visit on: the first may still be on the way into the loop's steady course.
    // Facts about integers only. A pointer's value is an address of the encoding's layout, which the iteration
    // does not share (main's objects from before the loop are not there, functions get their addresses as they
    // are first used); floating-point values are left free too.
    const std::vector<const llvm::Value*> state = loopState(*loop);
    std::vector<unsigned> widths(state.size(), 0);
    for (size_t e = 0; e < state.size(); ++e) {
      const llvm::Type* type = state[e]->getType();
      if (auto* g = llvm::dyn_cast<llvm::GlobalVariable>(state[e])) type = g->getValueType();
      if (type->isIntegerTy() && type->getIntegerBitWidth() <= 64) widths[e] = type->getIntegerBitWidth();
    }
    std::vector<std::vector<std::optional<uint64_t>>> observed;
    for (size_t k = 1; k <= last; ++k) {
      std::vector<std::optional<uint64_t>> values;
      for (size_t e = 0; e < state.size(); ++e) {
        uint64_t v = 0;
        if (widths[e] > 0 && model->eval(visits[k]->values[e], true).is_numeral_u64(v))
          values.push_back(v);
        else
          values.push_back(std::nullopt);
      }
      observed.push_back(std::move(values));
    }
    const std::vector<Fact> facts = factsOf(observed, widths);
    std::optional<std::vector<bool>> kept;
    try {
      if (smt::attempt([&] { kept = closedSubset(*head, module, facts, options.deadline, options.smtLog); }))
        continue;
    } catch (const EncodingFailure&) {
      continue;
    }
    if (!kept) continue;
    ProvenRecurrentSet proven;
    proven.stem = inputsOf(*model, encoding);
    proven.head = frontend::sourceLocationFrom(*head->getFirstNonPHI());
    const std::vector<std::string> names = sourceNames(*head, state);
    proven.complete = true;
    std::vector<std::string> stated;
    for (size_t k = 0; k < facts.size(); ++k) {
      if (!(*kept)[k]) continue;
      ++proven.facts;
      // Of an entry's low bits, the most that are kept say the rest.
      if (facts[k].kind == Fact::Kind::LowBits && k + 1 < facts.size() && (*kept)[k + 1] &&
          facts[k + 1].kind == Fact::Kind::LowBits && facts[k + 1].entry == facts[k].entry)
        continue;
      std::optional<std::string> c = cExpressionOf(facts[k], names, widths);
      if (!c) {
        proven.complete = false;
        continue;
      }
      stated.push_back(std::move(*c));
    }
    proven.expression = cConjunction(stated);
    return proven;
  }
  return std::nullopt;
}

}  // namespace

std::optional<ProvenRecurrentSet> findRecurrentSet(const frontend::Program& program,
                                                   const RecurrentSetOptions& options) {
  std::unique_ptr<llvm::Module> module = frontend::normalizedCopy(program);
  llvm::Function* main = module->getFunction("main");
  if (!main || main->isDeclaration()) return std::nullopt;
  llvm::DominatorTree dominators(*main);
  llvm::LoopInfo loops(dominators);
  // Of main's loops that have no loop around them or in them and keep their values out of memory but for globals.
  std::vector<const llvm::Loop*> tried;
  for (const llvm::Loop* loop : loops)
    if (loop->getSubLoops().empty() && touchesOnlyGlobals(*loop)) tried.push_back(loop);
  if (tried.empty()) return std::nullopt;
  // Where the solver fails, no set is proven.
  std::optional<ProvenRecurrentSet> found;
  try {
    smt::attempt([&] { found = recurrentSetAmong(tried, *module, options); });
  } catch (const EncodingFailure&) {
    return std::nullopt;
  }
  return found;
}

}  // namespace atropos::bmc
