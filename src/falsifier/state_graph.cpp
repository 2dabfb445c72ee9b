#include "state_graph.h"

#include <algorithm>

namespace atropos::falsifier {

std::pair<StateGraph::Node, bool> StateGraph::reach(uint64_t hash, Node from, uint64_t value) {
  const auto [it, isNew] = nodeOf_.try_emplace(hash, static_cast<Node>(parents_.size()));
  if (isNew) {
    parents_.emplace_back(from, value);
    successors_.emplace_back();
  }
  if (keepSteps_ && from != kNoParent) {
    successors_[from].push_back(Edge{it->second, value});
    ++edges_;
  }
  return {it->second, isNew};
}

std::optional<StateGraph::Cycle> StateGraph::findCycle() const {
  if (parents_.empty()) return std::nullopt;
  // Depth-first from the first state: a step to a state still on the path is a back edge, and every cycle
  // reachable from the first state has one.
  enum class Mark : uint8_t { Unseen, OnPath, Done };
  std::vector<Mark> mark(parents_.size(), Mark::Unseen);
  struct Frame {
    Node node;
    size_t nextEdge;
  };
  std::vector<Frame> path{{0, 0}};
  mark[0] = Mark::OnPath;
  while (!path.empty()) {
    Frame& top = path.back();
    const std::vector<Edge>& out = successors_[top.node];
    if (top.nextEdge == out.size()) {
      mark[top.node] = Mark::Done;
      path.pop_back();
      continue;
    }
    const Edge& edge = out[top.nextEdge++];
    if (edge.dropped || mark[edge.to] == Mark::Done) continue;
    if (mark[edge.to] == Mark::Unseen) {
      mark[edge.to] = Mark::OnPath;
      path.push_back({edge.to, 0});
      continue;
    }
    Cycle cycle;
    cycle.first = edge.to;
    cycle.last = top.node;
    auto start = std::find_if(path.begin(), path.end(), [&](const Frame& f) { return f.node == edge.to; });
    for (auto f = start; f != path.end(); ++f) cycle.loop.push_back(successors_[f->node][f->nextEdge - 1].value);
    for (Node n = edge.to; parents_[n].first != kNoParent; n = parents_[n].first) cycle.stem.push_back(parents_[n].second);
    std::reverse(cycle.stem.begin(), cycle.stem.end());
    return cycle;
  }
  return std::nullopt;
}

void StateGraph::drop(const Cycle& cycle) {
  for (Edge& edge : successors_[cycle.last])
    if (edge.to == cycle.first && edge.value == cycle.loop.back() && !edge.dropped) {
      edge.dropped = true;
      return;
    }
}

}  // namespace atropos::falsifier
