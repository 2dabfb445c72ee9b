#include "transition_system.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/Instruction.h>

#include <algorithm>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

#include "common/components.h"
#include "common/text.h"
#include "frontend/source_location.h"
#include "its/linear.h"
#include "smt/printing.h"
#include "smt/solver.h"
#include "smt/term.h"

namespace atropos::symex {

namespace {

constexpr unsigned kDisequalityQueryMillis = 50;

// A fact that is a comparison or the negation of one (no disjunction, implication or if-then-else).
bool isLiteral(const smt::Term& e) {
  if (!e.is_app()) return false;
  if (e.is_not()) return isLiteral(e.arg(0));
  return smt::cComparison(e.decl().decl_kind()) && e.arg(0).is_int();
}

bool isDisequality(const smt::Term& e) {
  if (!e.is_app()) return false;
  if (e.decl().decl_kind() == Z3_OP_DISTINCT) return true;
  return e.decl().decl_kind() == Z3_OP_NOT && e.arg(0).is_app() && e.arg(0).decl().decl_kind() == Z3_OP_EQ;
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

// A location as a reader finds it in the source, `function:line`; the system's names are made distinct afterwards.
std::string locationName(const Node& node) {
  if (node.state.frames.empty() || !node.state.top().next) return "state";
  const llvm::Instruction* at = node.state.top().next;
  const SourceLocation loc = frontend::sourceLocationFrom(*at);
  return at->getFunction()->getName().str() + (loc.known() ? numbered(":", loc.line) : std::string());
}

// Several locations at one place (a loop head and a recursive function's entry on one line, or a head met in two
// calling contexts) get `#2`, `#3`, ... after the first.
void makeDistinct(std::vector<std::string>& names) {
  std::map<std::string, unsigned> seen;
  for (std::string& name : names)
    if (unsigned n = ++seen[name]; n > 1) name += numbered("#", n);
}

// Per node on a cycle: ⟨a⟩'s literals and V_sym(a).
struct NodeFacts {
  std::vector<smt::Term> literals;
  std::vector<smt::Term> variables;
  std::set<unsigned> ids;
};

// Every cycle of the graph passes through the target of a generalization edge (a loop head, a function's entry,
// a merged return state); those are the locations. The graph is a tree apart from its generalization edges, so
// the paths between them are the branches of the subtree below each, and chaining them here keeps the system
// small: a loop body of a thousand states would otherwise give a thousand locations and variables.
std::vector<bool> locationsOf(const Graph& graph, const std::vector<bool>& cyclic) {
  std::vector<bool> isLocation(graph.nodes.size(), false);
  for (const Node& node : graph.nodes)
    if (node.status == Node::Status::Generalized && node.generalization >= 0 && cyclic[node.generalization])
      isLocation[node.generalization] = true;
  for (size_t id = 0; id < graph.nodes.size(); ++id)
    if (graph.nodes[id].mergeResult && cyclic[id]) isLocation[id] = true;
  return isLocation;
}

std::unordered_map<int, NodeFacts> factsOnCycles(const Graph& graph, const std::vector<bool>& cyclic,
                                                 const ProgramIndex& index, z3::context& context,
                                                 const Deadline& deadline) {
  std::unordered_map<int, NodeFacts> facts;
  for (size_t id = 0; id < graph.nodes.size(); ++id) {
    if (!cyclic[id]) continue;
    if (deadline.expired()) throw its::OutOfTime();
    const Node& node = graph.nodes[id];
    NodeFacts& f = facts[static_cast<int>(id)];
    for (const smt::Term& fact : formulaOf(context, node.state, index.pointerBits(), index.integers()))
      literalsOf(fact, f.literals);
    for (const smt::Term& literal : f.literals) smt::collectSymbols(literal, f.ids, f.variables);
    collectValueSymbols(node.state, f.ids, f.variables);
  }
  return facts;
}

// One transition per path from a location to the next. A variable of the system that a state on the path gets
// anew (it is not the source's) is a value chosen during the transition: it becomes a temporary, so that it is not
// mistaken for the value the variable had at the source.
class Transitions {
 public:
  Transitions(GraphSystem& system, const Graph& graph, const std::vector<bool>& cyclic,
              const std::vector<bool>& isLocation, const std::unordered_map<int, NodeFacts>& facts,
              const std::unordered_map<int, its::LocationId>& location, z3::context& context, const Deadline& deadline,
              const std::shared_ptr<smt::QueryLog>& smtLog)
      : system_(system),
        graph_(graph),
        cyclic_(cyclic),
        isLocation_(isLocation),
        facts_(facts),
        location_(location),
        context_(context),
        deadline_(deadline),
        from_(context),
        to_(context),
        pathFacts_(context, smt::Limits{kDisequalityQueryMillis, deadline, smtLog}) {
    for (size_t k = 0; k < system.its.variables.size(); ++k) position_.emplace(system.its.variables[k].id(), k);
  }

  // The transitions of the paths from `source` through the subtree below it, depth-first.
  void addPathsFrom(int source) {
    source_ = source;
    guard_.clear();
    guardIds_.clear();
    from_.resize(0);
    to_.resize(0);
    disequalities_.clear();
    disequalityIds_.clear();
    pathFacts_.push();
    std::vector<Step> stack{{source, 0, 0, 0}};
    std::vector<int> pending{source};  // nodes still to enter; -1 leaves the node on top of `stack`
    while (!pending.empty()) {
      if (deadline_.expired()) throw its::OutOfTime();
      const int id = pending.back();
      pending.pop_back();
      if (id < 0) {
        leave(stack.back());
        stack.pop_back();
        continue;
      }
      if (id != source) {
        const int parent = stack.back().node;
        if (isLocation_[id]) {
          emit(parent, id, nullptr);
          continue;
        }
        stack.push_back({id, guard_.size(), from_.size(), disequalities_.size()});
        pending.push_back(-1);
        enter(id, parent);
      }
      addFactsOf(id);
      const Node& node = graph_.nodes[id];
      if (node.status == Node::Status::Generalized && location_.count(node.generalization))
        emit(id, node.generalization, &node.instantiation);
      for (int child : node.children)
        if (cyclic_[child] && graph_.nodes[child].status != Node::Status::Removed) pending.push_back(child);
    }
    pathFacts_.pop();
  }

 private:
  struct Step {
    int node;
    size_t literals;  // sizes of the path's stacks when the node was entered
    size_t renames;
    size_t disequalities;
  };

  // Entering a node below the source: the system's variables it gets anew become temporaries.
  void enter(int id, int parent) {
    pathFacts_.push();
    const NodeFacts& parentFacts = facts_.at(parent);
    for (const smt::Term& v : facts_.at(id).variables)
      if (!parentFacts.ids.count(v.id()) && position_.count(v.id())) {
        from_.push_back(v);
        to_.push_back(freshTemporary("_chosen", renamed_));
      }
  }

  // Leaving a node: the path is restored to what it was before it.
  void leave(const Step& step) {
    for (size_t k = step.literals; k < guard_.size(); ++k) guardIds_.erase(guard_[k].id());
    guard_.erase(guard_.begin() + static_cast<std::ptrdiff_t>(step.literals), guard_.end());
    for (size_t k = step.disequalities; k < disequalities_.size(); ++k) disequalityIds_.erase(disequalities_[k].id());
    disequalities_.erase(disequalities_.begin() + static_cast<std::ptrdiff_t>(step.disequalities),
                         disequalities_.end());
    pathFacts_.pop();
    from_.resize(static_cast<unsigned>(step.renames));
    to_.resize(static_cast<unsigned>(step.renames));
  }

  // A disequality is a disjunction (x < y or x > y): linear transitions split on it. On a value read or computed
  // during the transition (a loop body comparing each byte it reads) it rarely bounds anything, and keeping every
  // one multiplies the transitions, so it is kept only where the path's other facts leave one side of it (x % 2 is
  // 0 or 1, so x % 2 != 0 is x % 2 > 0); otherwise it is dropped, as the other disjunctive facts are: a weaker guard.
  void addFactsOf(int id) {
    std::vector<smt::Term> newDisequalities;
    for (const smt::Term& literal : facts_.at(id).literals) {
      smt::Term l = renamed(literal);
      if (!isDisequality(l) || !mentionsTemporary(l)) {
        addToGuard(l);
      } else if (disequalityIds_.insert(l.id()).second) {
        disequalities_.push_back(l);
        newDisequalities.push_back(l);
      }
    }
    for (const smt::Term& disequality : newDisequalities)
      if (std::optional<smt::Term> side = strictSideOf(disequality)) addToGuard(*side);
  }

  void emit(int last, int target, const Instantiation* mu) {
    const NodeFacts& lastFacts = facts_.at(last);
    z3::expr_vector literals(context_);
    for (const smt::Term& l : guard_) literals.push_back(l);
    its::Transition t{location_.at(source_), location_.at(target), z3::mk_and(literals), {}, {}};
    for (const smt::Term& v : system_.its.variables) {
      if (!lastFacts.ids.count(v.id())) {
        t.update.push_back(freshTemporary("_arbitrary", arbitrary_));
        continue;
      }
      t.update.push_back(renamed(v));
    }
    if (mu)
      for (const auto& [general, instance] : mu->pairs) {
        auto it = position_.find(general.id());
        if (it != position_.end()) t.update[it->second] = renamed(instance);
      }
    t.origin = system_.its.locations[t.from] + " -> " + system_.its.locations[t.to];
    system_.its.transitions.push_back(std::move(t));
  }

  smt::Term freshTemporary(const char* hint, unsigned& counter) {
    return smt::Term(context_.int_const(numbered(hint, counter++).c_str()));
  }

  smt::Term renamed(const smt::Term& e) { return from_.empty() ? e : smt::Term(smt::Term(e).substitute(from_, to_)); }

  bool mentionsTemporary(const smt::Term& l) const {
    std::set<unsigned> ids;
    std::vector<smt::Term> symbols;
    smt::collectSymbols(l, ids, symbols);
    return std::any_of(symbols.begin(), symbols.end(), [&](const smt::Term& v) { return !position_.count(v.id()); });
  }

  void addToGuard(const smt::Term& l) {
    if (!guardIds_.insert(l.id()).second) return;
    guard_.push_back(l);
    pathFacts_.add(l);
  }

  std::optional<smt::Term> strictSideOf(const smt::Term& disequality) {
    smt::Term equality = disequality.decl().decl_kind() == Z3_OP_NOT ? smt::Term(disequality.arg(0)) : disequality;
    smt::Term a = equality.arg(0), b = equality.arg(1);
    if (pathFacts_.entails(a >= b) == smt::Answer::Yes) return smt::Term(a > b);
    if (pathFacts_.entails(a <= b) == smt::Answer::Yes) return smt::Term(a < b);
    return std::nullopt;
  }

  GraphSystem& system_;
  const Graph& graph_;
  const std::vector<bool>& cyclic_;
  const std::vector<bool>& isLocation_;
  const std::unordered_map<int, NodeFacts>& facts_;
  const std::unordered_map<int, its::LocationId>& location_;
  z3::context& context_;
  const Deadline& deadline_;
  std::unordered_map<unsigned, size_t> position_;  // of each system variable
  unsigned arbitrary_ = 0, renamed_ = 0;            // the temporaries made so far, for their names
  // The current path: its guard, the renaming of the values it chose, the disequalities met on it, and the
  // solver with its facts, which turns a disequality on a temporary into the one strict inequality they leave it.
  int source_ = -1;
  std::vector<smt::Term> guard_;
  std::set<unsigned> guardIds_;
  z3::expr_vector from_, to_;
  std::vector<smt::Term> disequalities_;
  std::set<unsigned> disequalityIds_;
  smt::Solver pathFacts_;
};

}  // namespace

GraphSystem cyclesOf(const Graph& graph, const ProgramIndex& index, z3::context& context, const Deadline& deadline,
                     const std::shared_ptr<smt::QueryLog>& smtLog) {
  GraphSystem system{its::Its(context), {}};
  system.its.everyLocationStarts = true;
  const std::vector<bool> cyclic = onCycles(graph);
  const std::vector<bool> isLocation = locationsOf(graph, cyclic);
  const std::unordered_map<int, NodeFacts> facts = factsOnCycles(graph, cyclic, index, context, deadline);

  std::unordered_map<int, its::LocationId> location;
  std::set<unsigned> seen;
  for (size_t id = 0; id < graph.nodes.size(); ++id) {
    if (!isLocation[id]) continue;
    location.emplace(static_cast<int>(id), system.its.addLocation(locationName(graph.nodes[id])));
    system.its.cutPoints.push_back(true);
    system.nodeOfLocation.push_back(static_cast<int>(id));
    for (const smt::Term& v : facts.at(static_cast<int>(id)).variables)
      if (seen.insert(v.id()).second) system.its.variables.push_back(v);
  }
  makeDistinct(system.its.locations);

  Transitions transitions(system, graph, cyclic, isLocation, facts, location, context, deadline, smtLog);
  for (int source : system.nodeOfLocation) transitions.addPathsFrom(source);
  return system;
}

}  // namespace atropos::symex
