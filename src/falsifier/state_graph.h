// The states an explicit-state search met at nondet calls, and the value drawn on each step from one to the next.
//
// A cycle among them is a candidate lasso: from the cycle's first state, drawing the cycle's values again and again
// would return to it forever. States are known by their hashes, which may collide, so a cycle is only a candidate:
// the search confirms it by executing it.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <utility>
#include <vector>

namespace atropos::falsifier {

class StateGraph {
 public:
  using Node = uint32_t;
  static constexpr Node kNoParent = UINT32_MAX;

  // Without `keepSteps` the graph only tells new states from known ones (a search for violations needs no more),
  // and finds no cycle.
  explicit StateGraph(bool keepSteps) : keepSteps_(keepSteps) {}

  // The node of the state with `hash`, reached from `from` (kNoParent for the first state) by drawing `value`;
  // second: whether the state is new, in which case `from` is its parent. The step is an edge either way (when
  // steps are kept).
  std::pair<Node, bool> reach(uint64_t hash, Node from, uint64_t value);

  struct Cycle {
    std::vector<uint64_t> stem;  // the values drawn from the first state to the cycle's, along parents
    std::vector<uint64_t> loop;  // the values drawn along the cycle, back to its first state
    Node last = 0;               // the step that closes the cycle: from `last` to the cycle's first state
    Node first = 0;
  };
  // A cycle reachable from the first state, when there is one among the steps not dropped.
  std::optional<Cycle> findCycle() const;
  // Forgets the step that closes `cycle` (whose execution did not confirm it), so that findCycle looks elsewhere.
  void drop(const Cycle& cycle);

  size_t nodes() const { return parents_.size(); }
  size_t edges() const { return edges_; }

 private:
  struct Edge {
    Node to;
    uint64_t value;
    bool dropped = false;
  };
  bool keepSteps_;
  std::unordered_map<uint64_t, Node> nodeOf_;
  std::vector<std::pair<Node, uint64_t>> parents_;  // each node's parent and the value drawn from it
  std::vector<std::vector<Edge>> successors_;
  size_t edges_ = 0;
};

}  // namespace atropos::falsifier
