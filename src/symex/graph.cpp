#include "symex/graph.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>

#include <algorithm>

namespace atropos::symex {

namespace {

// Forgets the program values no instruction will read any more, so that states at a loop head have the same
// shape however often the loop ran.
void dropDeadValues(State& state, const ProgramIndex& index) {
  for (size_t f = 0; f < state.frames.size(); ++f) {
    Frame& frame = state.frames[f];
    bool running = f + 1 == state.frames.size();
    const llvm::Instruction* at = running ? frame.next : frame.next->getNextNode();
    const std::vector<unsigned>& live = index.liveBefore(at);
    std::erase_if(frame.locals,
                  [&](const Local& l) { return !std::binary_search(live.begin(), live.end(), l.id); });
  }
}

class Builder {
 public:
  Builder(const llvm::Module& module, const ProgramIndex& index, z3::context& context, const GraphLimits& limits)
      : index_(index),
        context_(context),
        limits_{limits.queryMillis, limits.deadline},
        solver_(context, limits_),
        executor_(context, solver_, index, module),
        graphLimits_(limits) {}

  Graph build(const llvm::Function& main) {
    graph_.nodes.push_back(Node{});
    graph_.nodes.back().state = executor_.initialState(main);
    std::vector<int> work{0};
    size_t live = 1;
    while (!work.empty()) {
      if (graphLimits_.deadline.expired()) return incomplete("the time ran out");
      if (live > graphLimits_.maxNodes) return incomplete("the graph grew beyond its size limit");
      int id = work.back();
      work.pop_back();
      if (graph_.nodes[id].status != Node::Status::Open) continue;
      Node& node = graph_.nodes[id];
      if (node.incoming == EdgeKind::Evaluation && node.parent >= 0 && index_.isMergePoint(node.state.top().next)) {
        dropDeadValues(node.state, index_);
        if (int merged = closeCycle(id); merged >= 0) {
          work.push_back(merged);
          ++live;
          continue;
        }
        if (graph_.nodes[id].status != Node::Status::Open) continue;
      }
      StepResult result = executor_.step(graph_.nodes[id].state);
      Node& current = graph_.nodes[id];
      switch (result.kind) {
        case StepResult::Kind::Next:
          current.status = Node::Status::Expanded;
          work.push_back(addChild(id, std::move(*result.next), EdgeKind::Evaluation));
          ++live;
          break;
        case StepResult::Kind::Split: {
          current.status = Node::Status::Expanded;
          State yes = *result.next;
          State no = std::move(*result.next);
          yes.addFacts({*result.condition});
          no.addFacts({!*result.condition});
          int second = addChild(id, std::move(no), EdgeKind::Refinement);
          int first = addChild(id, std::move(yes), EdgeKind::Refinement);
          work.push_back(second);
          work.push_back(first);
          live += 2;
          break;
        }
        case StepResult::Kind::Error:
          current.status = Node::Status::Error;
          current.error = result.error;
          current.message = result.message;
          current.at = current.state.top().next;
          if (result.error == ErrorKind::Reach ? graphLimits_.stopAtReach : graphLimits_.stopAtOtherErrors)
            return incomplete("it stopped at the first error state");
          break;
        case StepResult::Kind::End:
          current.status = Node::Status::End;
          current.end = result.end;
          current.at = current.state.top().next;
          current.state = std::move(*result.next);
          break;
        case StepResult::Kind::Infeasible:
          current.status = Node::Status::Infeasible;
          break;
      }
    }
    graph_.complete = true;
    graph_.solverQueries = solver_.queries();
    return std::move(graph_);
  }

 private:
  Graph incomplete(std::string why) {
    graph_.complete = false;
    graph_.incompleteReason = std::move(why);
    graph_.solverQueries = solver_.queries();
    return std::move(graph_);
  }

  int addChild(int parent, State state, EdgeKind kind) {
    Node child;
    child.state = std::move(state);
    child.parent = parent;
    child.incoming = kind;
    graph_.nodes.push_back(std::move(child));
    int id = static_cast<int>(graph_.nodes.size() - 1);
    graph_.nodes[parent].children.push_back(id);
    return id;
  }

  void removeSubtree(int id) {
    std::vector<int> stack(graph_.nodes[id].children.begin(), graph_.nodes[id].children.end());
    graph_.nodes[id].children.clear();
    while (!stack.empty()) {
      int n = stack.back();
      stack.pop_back();
      Node& node = graph_.nodes[n];
      stack.insert(stack.end(), node.children.begin(), node.children.end());
      node.children.clear();
      node.status = Node::Status::Removed;
      node.state = State{};
    }
  }

  // At a loop head: closes the cycle with a generalization edge to an ancestor that represents this state, or
  // merges the ancestor with it. Returns the merged node to continue from, or -1.
  int closeCycle(int id) {
    const State& state = graph_.nodes[id].state;
    int ancestor = graph_.nodes[id].parent;
    while (ancestor >= 0) {
      const Node& a = graph_.nodes[ancestor];
      if (a.incoming != EdgeKind::Refinement && a.status != Node::Status::Removed && !a.state.frames.empty() &&
          sameShape(a.state, state))
        break;
      ancestor = a.parent;
    }
    if (ancestor < 0) return -1;
    executor_.sync(state);
    if (auto mu = instanceOf(state, graph_.nodes[ancestor].state, solver_)) {
      // Bounded, since a merge may drop the locations again and the next instance would bring them back.
      constexpr unsigned kMaxWidenings = 2;
      if (graphLimits_.nameLoopLocations && graph_.nodes[ancestor].widenings < kMaxWidenings)
        if (auto widened = withLocationsOf(state, graph_.nodes[ancestor].state, *mu, executor_, context_, limits_))
          return replaceByGeneralization(ancestor, std::move(*widened));
      Node& node = graph_.nodes[id];
      node.status = Node::Status::Generalized;
      node.generalization = ancestor;
      node.instantiation = std::move(*mu);
      return -1;
    }
    Node& a = graph_.nodes[ancestor];
    bool olderIsMerged = a.mergeResult;
    MergeResult merged = merge(a.state, state, olderIsMerged, executor_, index_, context_, limits_);
    Node c;
    c.state = std::move(merged.merged);
    c.incoming = EdgeKind::Generalization;
    c.mergeResult = true;
    c.widenings = a.widenings;
    int source = ancestor;
    Instantiation mu = std::move(merged.fromOlder);
    if (olderIsMerged) {
      // The older state was itself a merge result: its source now generalizes to the new state directly.
      source = a.parent;
      removeSubtree(ancestor);
      Node& old = graph_.nodes[ancestor];
      old.status = Node::Status::Removed;
      old.state = State{};
      // Compose with the source's instantiation into the removed merge result.
      Instantiation composed;
      for (const auto& [general, older] : mu.pairs)
        composed.pairs.emplace_back(general, graph_.nodes[source].instantiation.apply(older));
      mu = std::move(composed);
    } else {
      removeSubtree(ancestor);
    }
    return addGeneralization(source, std::move(c), std::move(mu));
  }

  // Adds `general` as the node `source` generalizes to, by `mu`; returns its id.
  int addGeneralization(int source, Node general, Instantiation mu) {
    general.parent = source;
    graph_.nodes.push_back(std::move(general));
    int id = static_cast<int>(graph_.nodes.size() - 1);
    Node& s = graph_.nodes[source];
    s.status = Node::Status::Generalized;
    s.generalization = id;
    s.instantiation = std::move(mu);
    return id;
  }

  // `ancestor` gets a generalization edge to `general`, a state that represents the same concrete states and names
  // more of them, which is explored in its place.
  int replaceByGeneralization(int ancestor, State general) {
    removeSubtree(ancestor);
    Node c;
    c.state = std::move(general);
    c.incoming = EdgeKind::Generalization;
    c.mergeResult = graph_.nodes[ancestor].mergeResult;
    c.widenings = graph_.nodes[ancestor].widenings + 1;
    return addGeneralization(ancestor, std::move(c), Instantiation{});
  }

  const ProgramIndex& index_;
  z3::context& context_;
  smt::Limits limits_;
  smt::Solver solver_;
  Executor executor_;
  GraphLimits graphLimits_;
  Graph graph_;
};

}  // namespace

Graph buildGraph(const llvm::Function& main, const llvm::Module& module, const ProgramIndex& index,
                 z3::context& context, const GraphLimits& limits) {
  Builder builder(module, index, context, limits);
  return builder.build(main);
}

}  // namespace atropos::symex
