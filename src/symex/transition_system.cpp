#include "symex/transition_system.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/Instruction.h>

#include <functional>
#include <set>
#include <unordered_map>

#include "common/components.h"
#include "common/text.h"
#include "frontend/source_location.h"
#include "its/linear.h"
#include "smt/term.h"

namespace atropos::symex {

namespace {

// A fact that is a comparison or the negation of one (no disjunction, implication or if-then-else).
bool isLiteral(const smt::Term& e) {
  if (!e.is_app()) return false;
  switch (e.decl().decl_kind()) {
    case Z3_OP_NOT:
      return isLiteral(e.arg(0));
    case Z3_OP_LE:
    case Z3_OP_GE:
    case Z3_OP_LT:
    case Z3_OP_GT:
    case Z3_OP_EQ:
    case Z3_OP_DISTINCT:
      return e.arg(0).is_int();
    default:
      return false;
  }
}

void literalsOf(const smt::Term& fact, std::vector<smt::Term>& out) {
  if (fact.is_and()) {
    for (unsigned k = 0; k < fact.num_args(); ++k) literalsOf(fact.arg(k), out);
  } else if (isLiteral(fact)) {
    out.push_back(fact);
  }
}

// The graph's nodes on cycles: strongly connected components with at least one edge inside.
std::vector<bool> onCycles(const Graph& graph) {
  size_t n = graph.nodes.size();
  std::vector<std::vector<int>> successors(n);
  for (size_t id = 0; id < n; ++id) {
    const Node& node = graph.nodes[id];
    if (node.status == Node::Status::Removed) continue;
    for (int child : node.children)
      if (graph.nodes[child].status != Node::Status::Removed) successors[id].push_back(child);
    if (node.status == Node::Status::Generalized && node.generalization >= 0)
      successors[id].push_back(node.generalization);
  }
  std::vector<int> component = stronglyConnectedComponents(successors);
  std::vector<bool> cyclic(n, false);
  for (size_t v = 0; v < n; ++v)
    for (int w : successors[v])
      if (component[v] == component[w]) cyclic[v] = cyclic[w] = true;
  return cyclic;
}

std::string locationName(int id, const Node& node) {
  std::string name = numbered("n", static_cast<unsigned long long>(id));
  if (node.state.frames.empty() || !node.state.top().next) return name;
  const llvm::Instruction* at = node.state.top().next;
  SourceLocation loc = frontend::sourceLocationOf(*at);
  name.append("@").append(at->getFunction()->getName().str());
  if (loc.known()) name += numbered(":", loc.line);
  return name;
}

}  // namespace

GraphSystem cyclesOf(const Graph& graph, const ProgramIndex& index, z3::context& context, const Deadline& deadline) {
  GraphSystem system{its::Its(context), {}};
  system.its.everyLocationStarts = true;
  std::vector<bool> cyclic = onCycles(graph);
  // Every cycle of the graph passes through the target of a generalization edge: the loop heads.
  std::vector<bool> isGeneralizationTarget(graph.nodes.size(), false);
  for (const Node& node : graph.nodes)
    if (node.status == Node::Status::Generalized && node.generalization >= 0)
      isGeneralizationTarget[node.generalization] = true;
  std::unordered_map<int, its::LocationId> location;
  std::set<unsigned> seen;
  // Per location: ⟨a⟩'s literals and V_sym(a).
  std::vector<std::vector<smt::Term>> guards, variablesAt;
  for (size_t id = 0; id < graph.nodes.size(); ++id) {
    if (!cyclic[id]) continue;
    if (deadline.expired()) throw its::OutOfTime();
    const Node& node = graph.nodes[id];
    its::LocationId l = system.its.addLocation(locationName(static_cast<int>(id), node));
    location.emplace(static_cast<int>(id), l);
    system.its.cutPoints.push_back(node.mergeResult || isGeneralizationTarget[id]);
    system.nodeOfLocation.push_back(static_cast<int>(id));
    std::vector<smt::Term> literals;
    for (const smt::Term& fact : formulaOf(context, node.state, index.pointerBits())) literalsOf(fact, literals);
    std::set<unsigned> local;
    std::vector<smt::Term> variables;
    for (const smt::Term& literal : literals) smt::collectSymbols(literal, local, variables);
    for (const Frame& frame : node.state.frames)
      for (const Local& value : frame.locals) smt::collectSymbols(value.value, local, variables);
    for (const MemoryBlock& b : node.state.memory->blocks) {
      smt::collectSymbols(b.lo, local, variables);
      smt::collectSymbols(b.hi, local, variables);
    }
    for (const PointsTo& p : node.state.memory->pointsTo) {
      smt::collectSymbols(p.address, local, variables);
      smt::collectSymbols(p.value, local, variables);
    }
    for (const smt::Term& v : variables)
      if (seen.insert(v.id()).second) system.its.variables.push_back(v);
    guards.push_back(std::move(literals));
    variablesAt.push_back(std::move(variables));
  }
  std::unordered_map<unsigned, size_t> position;
  for (size_t k = 0; k < system.its.variables.size(); ++k) position.emplace(system.its.variables[k].id(), k);
  unsigned arbitrary = 0;
  auto transition = [&](int from, int to, const Instantiation* mu) {
    its::LocationId a = location.at(from);
    z3::expr_vector literals(context);
    for (const smt::Term& g : guards[a]) literals.push_back(g);
    its::Transition t{a, location.at(to), z3::mk_and(literals), {}, {}};
    std::set<unsigned> kept;
    for (const smt::Term& v : variablesAt[a]) kept.insert(v.id());
    for (const smt::Term& v : system.its.variables)
      t.update.push_back(kept.count(v.id()) ? v : smt::Term(context.int_const(numbered("_arbitrary", arbitrary++).c_str())));
    if (mu)
      for (const auto& [general, instance] : mu->pairs) {
        auto it = position.find(general.id());
        if (it != position.end()) t.update[it->second] = instance;
      }
    t.origin = system.its.locations[a] + " -> " + system.its.locations[t.to];
    system.its.transitions.push_back(std::move(t));
  };
  for (int id : system.nodeOfLocation) {
    if (deadline.expired()) throw its::OutOfTime();
    const Node& node = graph.nodes[id];
    for (int child : node.children)
      if (location.count(child)) transition(id, child, nullptr);
    if (node.status == Node::Status::Generalized && location.count(node.generalization))
      transition(id, node.generalization, &node.instantiation);
  }
  return system;
}

}  // namespace atropos::symex
