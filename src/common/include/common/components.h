// Strongly connected components of a directed graph (Tarjan's algorithm, without recursion, so deep graphs cannot
// overflow the stack).
#pragma once

#include <algorithm>
#include <utility>
#include <vector>

namespace atropos {

// The component of every node (numbered from 0 in the order they are completed); `successors[v]` lists v's
// successors.
inline std::vector<int> stronglyConnectedComponents(const std::vector<std::vector<int>>& successors) {
  size_t n = successors.size();
  std::vector<int> index(n, -1), low(n, 0), component(n, -1);
  std::vector<bool> onStack(n, false);
  std::vector<int> stack;
  int counter = 0, components = 0;
  for (size_t root = 0; root < n; ++root) {
    if (index[root] >= 0) continue;
    std::vector<std::pair<int, size_t>> frames{{static_cast<int>(root), 0}};
    index[root] = low[root] = counter++;
    stack.push_back(static_cast<int>(root));
    onStack[root] = true;
    while (!frames.empty()) {
      auto& [v, next] = frames.back();
      if (next < successors[v].size()) {
        int w = successors[v][next++];
        if (index[w] < 0) {
          index[w] = low[w] = counter++;
          stack.push_back(w);
          onStack[w] = true;
          frames.emplace_back(w, 0);
        } else if (onStack[w]) {
          low[v] = std::min(low[v], index[w]);
        }
        continue;
      }
      if (low[v] == index[v]) {
        int w;
        do {
          w = stack.back();
          stack.pop_back();
          onStack[w] = false;
          component[w] = components;
        } while (w != v);
        ++components;
      }
      int done = v;
      frames.pop_back();
      if (!frames.empty()) low[frames.back().first] = std::min(low[frames.back().first], low[done]);
    }
  }
  return component;
}

}  // namespace atropos
