#include "loop_invariants.h"

#include <llvm/ADT/PostOrderIterator.h>
#include <llvm/BinaryFormat/Dwarf.h>
#include <llvm/IR/CFG.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/IntrinsicInst.h>

#include <algorithm>
#include <limits>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>

#include "common/c_text.h"
#include "frontend/debug_info.h"
#include "frontend/source_location.h"
#include "smt/integers.h"
#include "smt/printing.h"
#include "smt/solver.h"
#include "smt/term.h"

namespace atropos::symex {

namespace {

// More disjuncts than this make an invariant nobody reads; the head is left out instead (dropping one would be
// unsound).
constexpr size_t kMaxDisjuncts = 8;
// Terms evaluated in long long stay below this in magnitude, so that no sum or product in them overflows.
constexpr double kLongLongHeadroom = 4.0e18;

using Locations = std::map<const llvm::DILocalVariable*, const llvm::Value*>;  // nullptr: not known

// Which value each variable holds, from llvm.dbg.value: forward over the function, a variable keeping a value only
// where every path agrees on it.
class VariableLocations {
 public:
  explicit VariableLocations(const llvm::Function& f) {
    llvm::ReversePostOrderTraversal<const llvm::Function*> order(&f);
    for (bool changed = true; changed;) {
      changed = false;
      for (const llvm::BasicBlock* b : order) {
        Locations out = apply(in(b), b->begin(), b->end());
        auto it = out_.find(b);
        if (it == out_.end() || it->second != out) {
          out_[b] = std::move(out);
          changed = true;
        }
      }
    }
  }

  // At the block's first instruction that is not a phi or a debug intrinsic.
  Locations atStart(const llvm::BasicBlock* b) const {
    auto end = b->begin();
    while (end != b->end() && (llvm::isa<llvm::PHINode>(*end) || llvm::isa<llvm::DbgInfoIntrinsic>(*end))) ++end;
    return apply(in(b), b->begin(), end);
  }

 private:
  Locations in(const llvm::BasicBlock* b) const {
    Locations merged;
    bool first = true;
    for (const llvm::BasicBlock* p : llvm::predecessors(b)) {
      auto it = out_.find(p);
      if (it == out_.end()) continue;  // not reached yet in this pass
      if (first) {
        merged = it->second;
        first = false;
        continue;
      }
      for (auto& [variable, value] : merged) {
        auto other = it->second.find(variable);
        if (other == it->second.end() || other->second != value) value = nullptr;
      }
      for (const auto& [variable, value] : it->second) merged.emplace(variable, nullptr);
    }
    return merged;
  }

  static Locations apply(Locations state, llvm::BasicBlock::const_iterator from, llvm::BasicBlock::const_iterator to) {
    for (auto i = from; i != to; ++i)
      if (auto* dbg = llvm::dyn_cast<llvm::DbgValueInst>(&*i)) {
        const bool plain = dbg->getExpression()->getNumElements() == 0 && !dbg->hasArgList();
        state[dbg->getVariable()] = plain ? dbg->getValue() : nullptr;
      }
    return state;
  }

  std::map<const llvm::BasicBlock*, Locations> out_;
};

// A variable a symbol stands for.
struct Leaf {
  std::string name;
  unsigned bits;
  View view;        // the reading the facts use
  bool cSigned;     // the variable's C type
  // The variable as C reads it in the facts' reading: a cast only where the two differ.
  std::string text() const { return (view == View::Signed) == cSigned ? name : cCast(bits, view == View::Signed) + name; }
};

std::optional<std::string> integerText(const z3::expr& numeral, bool asUnsigned = false) {
  int64_t v = 0;
  uint64_t u = 0;
  if (asUnsigned && numeral.is_numeral_u64(u)) return literalOfWidth(u, 64, false);
  if (!numeral.is_numeral_i64(v) || v == INT64_MIN) return std::nullopt;
  return signedLiteral(v);
}

class Writer {
 public:
  explicit Writer(const std::map<unsigned, Leaf>& leaves) : leaves_(leaves) {}

  // A fact as C text, or nullopt when C cannot state it exactly.
  std::optional<std::string> fact(const z3::expr& f) {
    if (!f.is_bool()) return std::nullopt;
    if (auto wide = wideComparison(f)) return wide;
    double bound = 0;
    return boolean(f, bound);
  }

 private:
  const Leaf* leafOf(const z3::expr& e) const {
    if (!smt::isSymbol(e)) return nullptr;
    auto it = leaves_.find(e.id());
    return it == leaves_.end() ? nullptr : &it->second;
  }

  // A 64-bit variable only in `x op c` or `x op y` of one reading, in its own type: long long has no room for more.
  std::optional<std::string> wideComparison(const z3::expr& f) {
    if (!f.is_app() || f.num_args() != 2) return std::nullopt;
    const Leaf* a = leafOf(f.arg(0));
    const Leaf* b = leafOf(f.arg(1));
    if (!(a && a->bits == 64) && !(b && b->bits == 64)) return std::nullopt;
    const char* op = comparison(f);
    if (!op) return std::string();  // signals "not stateable" below
    const Leaf* wide = a && a->bits == 64 ? a : b;
    auto side = [&](const z3::expr& e, const Leaf* leaf) -> std::optional<std::string> {
      if (leaf) {
        if (leaf->bits != 64 || leaf->view != wide->view) return std::nullopt;
        return leaf->text();
      }
      uint64_t u = 0;
      // A negative constant beside an unsigned reading: C would convert it to a huge unsigned one.
      if (!e.is_numeral() || (wide->view == View::Unsigned && !e.is_numeral_u64(u))) return std::nullopt;
      return integerText(e, wide->view == View::Unsigned);
    };
    auto l = side(f.arg(0), a);
    auto r = side(f.arg(1), b);
    if (!l || !r) return std::string();
    return *l + " " + op + " " + *r;
  }

  // Comparisons of integers only (an equality may be of booleans).
  static const char* comparison(const z3::expr& f) {
    return f.num_args() == 2 && f.arg(0).is_int() ? smt::cComparison(f.decl().decl_kind()) : nullptr;
  }

  std::optional<std::string> boolean(const z3::expr& f, double& bound) {
    if (f.is_true()) return "1";
    if (f.is_false()) return "0";
    if (!f.is_app()) return std::nullopt;
    const auto kind = f.decl().decl_kind();
    if (kind == Z3_OP_NOT) {
      auto inner = boolean(f.arg(0), bound);
      return inner ? std::optional<std::string>("!(" + *inner + ")") : std::nullopt;
    }
    if (kind == Z3_OP_AND || kind == Z3_OP_OR) {
      std::vector<std::string> parts;
      for (unsigned k = 0; k < f.num_args(); ++k) {
        auto part = boolean(f.arg(k), bound);
        if (!part) return std::nullopt;
        parts.push_back(std::move(*part));
      }
      // A disjunction is joined with other facts by &&, which binds more strongly than ||.
      if (kind == Z3_OP_OR) return "(" + cDisjunction(parts) + ")";
      for (std::string& part : parts) part = "(" + part + ")";
      return cConjunction(parts);
    }
    const char* op = comparison(f);
    if (!op || f.num_args() != 2) return std::nullopt;
    if (auto plain = plainComparison(f.arg(0), f.arg(1), op)) return plain;
    auto l = integer(f.arg(0), bound);
    auto r = integer(f.arg(1), bound);
    if (!l || !r) return std::nullopt;
    return *l + " " + op + " " + *r;
  }

  // Two variables of at most 32 bits, or one and a constant, compared as C compares them: exact unless a 32-bit
  // unsigned reading meets a signed one or a negative constant (C would convert it to unsigned).
  std::optional<std::string> plainComparison(const z3::expr& a, const z3::expr& b, const char* op) {
    bool unsigned32 = false, signedSide = false;
    std::string sides[2];
    const z3::expr operands[2] = {a, b};
    for (int k = 0; k < 2; ++k) {
      const z3::expr& e = operands[k];
      if (const Leaf* leaf = leafOf(e)) {
        if (leaf->bits > 32) return std::nullopt;
        unsigned32 = unsigned32 || (leaf->bits == 32 && leaf->view == View::Unsigned);
        signedSide = signedSide || leaf->view == View::Signed;
        sides[k] = leaf->text();
      } else if (e.is_numeral()) {
        int64_t v = 0;
        auto text = integerText(e);
        if (!text || !e.is_numeral_i64(v)) return std::nullopt;
        signedSide = signedSide || v < 0;
        sides[k] = *text;
      } else {
        return std::nullopt;
      }
    }
    if (unsigned32 && signedSide) return std::nullopt;
    return sides[0] + " " + op + " " + sides[1];
  }

  // An integer term in long long; `bound` collects the largest magnitude a sub-term may reach.
  std::optional<std::string> integer(const z3::expr& e, double& bound) {
    if (e.is_numeral()) {
      auto text = integerText(e);
      int64_t v = 0;
      if (!text || !e.is_numeral_i64(v)) return std::nullopt;
      bound = std::max(bound, static_cast<double>(v < 0 ? -v : v));
      return text;
    }
    if (const Leaf* leaf = leafOf(e)) {
      if (leaf->bits > 32) return std::nullopt;
      bound = std::max(bound, 4294967296.0);
      return cCast(64, true) + leaf->text();
    }
    if (!e.is_app()) return std::nullopt;
    const auto kind = e.decl().decl_kind();
    double local = 0;
    std::optional<std::string> out;
    if (kind == Z3_OP_ADD || kind == Z3_OP_SUB) {
      std::string text;
      for (unsigned k = 0; k < e.num_args(); ++k) {
        double part = 0;
        // A term -1 * x of a sum as its subtraction: `n - i`, not `n + (-1 * i)`.
        z3::expr term = e.arg(k);
        bool negated = false;
        int64_t factor = 0;
        if (kind == Z3_OP_ADD && k > 0 && term.is_app() && term.decl().decl_kind() == Z3_OP_MUL && term.num_args() == 2 &&
            term.arg(0).is_numeral_i64(factor) && factor == -1) {
          term = term.arg(1);
          negated = true;
        }
        auto operand = integer(term, part);
        if (!operand) return std::nullopt;
        local += part;
        text += (k ? (kind == Z3_OP_SUB || negated ? " - " : " + ") : "") + *operand;
      }
      out = "(" + text + ")";
    } else if (kind == Z3_OP_UMINUS) {
      auto operand = integer(e.arg(0), local);
      if (operand) out = "(-" + *operand + ")";
    } else if (kind == Z3_OP_MUL && e.num_args() == 2 && (e.arg(0).is_numeral() || e.arg(1).is_numeral())) {
      const unsigned c = e.arg(0).is_numeral() ? 0 : 1;
      double factor = 0, operand = 0;
      auto constant = integer(e.arg(c), factor);
      auto other = integer(e.arg(1 - c), operand);
      if (constant && other) out = "(" + *constant + " * " + *other + ")";
      local = factor * operand;
    }
    if (!out || local > kLongLongHeadroom) return std::nullopt;
    bound = std::max(bound, local);
    return out;
  }

  const std::map<unsigned, Leaf>& leaves_;
};

// The indices of the facts that do not follow from the others that are kept and the ranges of the variables'
// readings (x + j >= 0 for unsigned x and j, n >= 0 beside n >= 1 tell a reader nothing).
std::vector<size_t> independentFacts(const std::vector<z3::expr>& facts, const std::map<unsigned, Leaf>& leaves) {
  if (facts.empty()) return {};
  std::set<unsigned> seen;
  std::vector<smt::Term> symbols;
  for (const z3::expr& f : facts) smt::collectSymbols(f, seen, symbols);
  std::vector<z3::expr> ranges;
  for (const smt::Term& s : symbols) {
    const Leaf& leaf = leaves.at(s.id());
    ranges.push_back(leaf.view == View::Signed ? smt::inSignedRange(s, leaf.bits) : smt::inUnsignedRange(s, leaf.bits));
  }
  return smt::independentFacts(facts, ranges);
}

// The integer variables in scope at a loop head that the state holds as symbols (by the symbol's id), and the facts
// C states directly about those that hold constants there (`n == 5`).
struct VariablesAtHead {
  std::map<unsigned, Leaf> leaves;
  std::vector<std::string> constantFacts;
};

VariablesAtHead variablesAt(const State& state, const Locations& locations,
                            const std::vector<const llvm::DIScope*>& scopes, unsigned line, const ProgramIndex& index) {
  VariablesAtHead out;
  std::map<std::string, size_t> depthOfName;
  struct Candidate {
    const llvm::DILocalVariable* variable;
    const llvm::Value* value;
    size_t depth;
  };
  std::vector<Candidate> candidates;
  for (const auto& [variable, value] : locations) {
    auto where = std::find(scopes.begin(), scopes.end(), variable->getScope());
    if (!value || where == scopes.end() || variable->getLine() > line || variable->getName().empty()) continue;
    candidates.push_back({variable, value, static_cast<size_t>(where - scopes.begin())});
    auto [it, fresh] = depthOfName.emplace(variable->getName().str(), candidates.back().depth);
    if (!fresh) it->second = std::min(it->second, candidates.back().depth);
  }
  for (const Candidate& c : candidates) {
    const std::string name = c.variable->getName().str();
    if (depthOfName[name] != c.depth) continue;
    auto* type = llvm::dyn_cast_or_null<llvm::DIBasicType>(frontend::strippedType(c.variable->getType()));
    if (!type) continue;
    const unsigned encoding = type->getEncoding();
    const bool isSigned = encoding == llvm::dwarf::DW_ATE_signed || encoding == llvm::dwarf::DW_ATE_signed_char;
    if (!isSigned && encoding != llvm::dwarf::DW_ATE_unsigned && encoding != llvm::dwarf::DW_ATE_unsigned_char)
      continue;
    const unsigned bits = static_cast<unsigned>(type->getSizeInBits());
    if (index.bits(c.value->getType()) != bits) continue;
    if (auto* constant = llvm::dyn_cast<llvm::ConstantInt>(c.value)) {
      const int64_t v = isSigned ? constant->getSExtValue() : static_cast<int64_t>(constant->getZExtValue());
      if (!isSigned && bits == 64 && v < 0) continue;
      out.constantFacts.push_back(name + " == " + signedLiteral(v));
      continue;
    }
    if (!llvm::isa<llvm::Argument>(c.value) && !llvm::isa<llvm::Instruction>(c.value)) continue;
    const Local* local = state.top().find(index.valueId(c.value));
    if (!local || !smt::isSymbol(local->value)) continue;
    out.leaves.emplace(local->value.id(), Leaf{name, bits, index.view(c.value), isSigned});
  }
  return out;
}

// The C facts of one state at a loop head, its own and `proven` ones: "" when nothing is known.
std::string stateFacts(const State& state, const std::vector<smt::Term>& proven, const VariablesAtHead& variables) {
  const std::map<unsigned, Leaf>& leaves = variables.leaves;
  std::vector<std::string> facts = variables.constantFacts;
  Writer writer(leaves);
  std::vector<z3::expr> stated;  // the facts C can state, with their text
  std::vector<std::string> texts;
  std::vector<smt::Term> known = state.allFacts();
  known.insert(known.end(), proven.begin(), proven.end());
  for (const smt::Term& fact : known) {
    std::vector<smt::Term> parts;
    smt::conjunctsOf(fact, parts);
    for (const smt::Term& part : parts) {
      std::set<unsigned> seen;
      std::vector<smt::Term> symbols;
      smt::collectSymbols(part, seen, symbols);
      if (symbols.empty()) continue;
      if (std::any_of(symbols.begin(), symbols.end(), [&](const smt::Term& s) { return !leaves.count(s.id()); }))
        continue;
      auto text = writer.fact(part);
      if (!text || text->empty() || std::find(texts.begin(), texts.end(), *text) != texts.end()) continue;
      stated.push_back(part);
      texts.push_back(*text);
    }
  }
  for (size_t k : independentFacts(stated, leaves)) facts.push_back(texts[k]);
  return facts.empty() ? std::string() : cConjunction(facts);
}

// A ranking function's component: its variables' part in long long and its constant; nullopt where a variable is
// not an integer variable of at most 32 bits in scope, or where a partial sum could leave long long for some values
// of the variables' types.
std::optional<LoopRanking::Component> rankingComponent(const its::LinearExpr& f, const std::vector<std::string>& variables,
                                                       const std::map<std::string, const Leaf*>& leafOfSymbol) {
  const its::Integer longLongMax = std::numeric_limits<long long>::max();
  auto size = [](its::Integer v) { return v < 0 ? -v : v; };
  if (size(f.constant) > longLongMax) return std::nullopt;
  its::Integer magnitude = 0;
  std::vector<SignedTerm> terms;
  for (const auto& [v, coefficient] : f.terms) {
    auto leaf = v < variables.size() ? leafOfSymbol.find(variables[v]) : leafOfSymbol.end();
    if (leaf == leafOfSymbol.end() || leaf->second->bits > 32) return std::nullopt;
    const unsigned bits = leaf->second->bits;
    const its::Integer largest =
        leaf->second->view == View::Signed ? its::Integer(1) << (bits - 1) : (its::Integer(1) << bits) - 1;
    if (size(coefficient) > longLongMax) return std::nullopt;
    magnitude += size(coefficient) * largest;
    if (magnitude > longLongMax) return std::nullopt;
    const std::string variable = cCast(64, true) + leaf->second->text();
    terms.push_back(SignedTerm{
        coefficient < 0, size(coefficient) == 1 ? variable : its::toString(size(coefficient)) + " * " + variable});
  }
  return LoopRanking::Component{terms.empty() ? std::string() : cSum(terms), static_cast<long long>(f.constant)};
}

// The graph's states at each loop head that stand for the program's visits there: a generalized state is an instance
// of another state at the same place, a refinement's a case of its parent's: the other state covers them.
std::map<const llvm::Instruction*, std::vector<int>> statesAtHeads(const Graph& graph, const ProgramIndex& index) {
  std::map<const llvm::Instruction*, std::vector<int>> byHead;
  for (size_t id = 0; id < graph.nodes.size(); ++id) {
    const Node& n = graph.nodes[id];
    if (n.status == Node::Status::Removed || n.status == Node::Status::Infeasible ||
        n.status == Node::Status::Generalized || n.incoming == EdgeKind::Refinement || n.state.frames.empty())
      continue;
    const llvm::Instruction* at = n.state.top().next;
    if (at && index.isMergePoint(at)) byHead[at].push_back(static_cast<int>(id));
  }
  return byHead;
}

// What a loop head's C text is written over: the variables each debug record places there and the scopes around it.
class HeadScope {
 public:
  VariablesAtHead variablesOf(const llvm::Instruction* head, const State& state, const ProgramIndex& index) {
    const llvm::Function* f = head->getFunction();
    auto it = locationsOf_.find(f);
    if (it == locationsOf_.end()) it = locationsOf_.emplace(f, VariableLocations(*f)).first;
    // The scopes of the head's first instruction with a location of its own: a debug record placed after a phi has
    // the location of its variable's declaration, maybe outside a for loop's scope.
    const llvm::Instruction* located = head;
    while (located && (!located->getDebugLoc() || llvm::isa<llvm::DbgInfoIntrinsic>(located)))
      located = located->getNextNode();
    return variablesAt(state, it->second.atStart(head->getParent()), frontend::scopesAround(located),
                       frontend::sourceLocationFrom(*head).line, index);
  }

 private:
  std::map<const llvm::Function*, VariableLocations> locationsOf_;
};

template <typename Entry>
void sortByHead(std::vector<Entry>& entries) {
  std::sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
    return std::tie(a.head.line, a.head.column) < std::tie(b.head.line, b.head.column);
  });
}

}  // namespace

std::vector<LoopInvariant> loopInvariants(const Graph& graph, const ProgramIndex& index,
                                          const std::vector<std::pair<int, smt::Term>>& provenAt) {
  HeadScope scope;
  std::vector<LoopInvariant> invariants;
  for (const auto& [head, nodes] : statesAtHeads(graph, index)) {
    const SourceLocation where = frontend::sourceLocationFrom(*head);
    if (nodes.size() > kMaxDisjuncts || !where.known()) continue;
    std::vector<std::string> disjuncts;
    bool trivial = false;
    for (int id : nodes) {
      const State& state = graph.nodes[id].state;
      // The inductive invariant's disjunctive facts (the cases of a value that is multiplied) are left out: true, but
      // rarely inductive without the whole invariant, which whoever re-proves the exported invariant must then find
      // again.
      std::vector<smt::Term> proven;
      for (const auto& [node, fact] : provenAt)
        if (node == id) smt::conjunctsOf(fact, proven);
      std::erase_if(proven, [](const smt::Term& f) { return f.is_or() || (f.is_not() && f.arg(0).is_and()); });
      std::string facts = stateFacts(state, proven, scope.variablesOf(head, state, index));
      trivial = trivial || facts.empty();
      if (std::find(disjuncts.begin(), disjuncts.end(), facts) == disjuncts.end()) disjuncts.push_back(facts);
    }
    if (trivial || disjuncts.empty() || disjuncts.size() > kMaxDisjuncts) continue;
    invariants.push_back(LoopInvariant{where, cDisjunction(disjuncts)});
  }
  sortByHead(invariants);
  return invariants;
}

std::optional<FactsInC> factsInC(const Graph& graph, int node, const ProgramIndex& index, const smt::Term& facts) {
  const State& state = graph.nodes[node].state;
  const llvm::Instruction* head = state.top().next;
  if (!head) return std::nullopt;
  HeadScope scope;
  const VariablesAtHead variables = scope.variablesOf(head, state, index);
  Writer writer(variables.leaves);
  std::vector<smt::Term> parts;
  smt::conjunctsOf(facts, parts);
  FactsInC out{"", true};
  std::vector<std::string> stated;
  for (const smt::Term& part : parts) {
    std::set<unsigned> seen;
    std::vector<smt::Term> symbols;
    smt::collectSymbols(part, seen, symbols);
    const bool named = std::all_of(symbols.begin(), symbols.end(),
                                   [&](const smt::Term& s) { return variables.leaves.count(s.id()) != 0; });
    std::optional<std::string> text = named ? writer.fact(part) : std::nullopt;
    if (!text || text->empty()) {
      out.complete = false;
      continue;
    }
    stated.push_back(std::move(*text));
  }
  if (stated.empty()) return std::nullopt;
  out.expression = cConjunction(stated);
  return out;
}

std::vector<LoopRanking> loopRankings(const Graph& graph, const ProgramIndex& index,
                                      const std::map<int, std::vector<its::LinearExpr>>& tupleAtState,
                                      const std::vector<std::string>& variables) {
  HeadScope scope;
  std::vector<LoopRanking> rankings;
  for (const auto& [head, nodes] : statesAtHeads(graph, index)) {
    const SourceLocation where = frontend::sourceLocationFrom(*head);
    // Two states at one head could be visited one after the other with functions the proof does not relate. A
    // recursive function's entry is visited again after a call returns: its function ranks calls, not visits.
    const bool entry = head == &*head->getFunction()->getEntryBlock().getFirstInsertionPt();
    if (nodes.size() != 1 || !where.known() || entry || llvm::isa<llvm::ReturnInst>(head)) continue;
    auto tuple = tupleAtState.find(nodes.front());
    if (tuple == tupleAtState.end()) continue;
    const State& state = graph.nodes[nodes.front()].state;
    const VariablesAtHead inScope = scope.variablesOf(head, state, index);
    std::map<std::string, const Leaf*> leafOfSymbol;
    for (const Local& local : state.top().locals)
      if (auto leaf = inScope.leaves.find(local.value.id()); leaf != inScope.leaves.end())
        leafOfSymbol.emplace(local.value.decl().name().str(), &leaf->second);
    LoopRanking ranking{where, {}};
    bool stated = true;
    for (const its::LinearExpr& f : tuple->second) {
      // A function constant at this head never decreases between its visits: leaving it out says the same.
      if (f.isConstant()) continue;
      std::optional<LoopRanking::Component> component = rankingComponent(f, variables, leafOfSymbol);
      stated = stated && component;
      if (component) ranking.components.push_back(*component);
    }
    if (stated && !ranking.components.empty()) rankings.push_back(std::move(ranking));
  }
  sortByHead(rankings);
  return rankings;
}

}  // namespace atropos::symex
