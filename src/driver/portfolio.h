// The engines per property under one budget. Today: the falsifier (concrete executions with chosen inputs).
#pragma once

#include <functional>
#include <vector>

#include "common/deadline.h"
#include "common/property.h"
#include "frontend/frontend.h"

namespace atropos::driver {

struct PortfolioStatistics {
  uint64_t executions = 0;
  uint64_t steps = 0;
};

struct Budget {
  Deadline deadline = Deadline::never();
  uint64_t memoryBytes = 4ull << 30;
  std::function<void(const PortfolioStatistics&)> progress;  // about once a second, when set
};

std::vector<Outcome> decideProperties(const frontend::Program& program, const std::vector<Property>& properties,
                                      const Budget& budget, PortfolioStatistics* statistics);

}  // namespace atropos::driver
