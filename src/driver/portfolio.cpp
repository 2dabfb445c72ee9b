#include "driver/portfolio.h"

#include <variant>

#include "falsifier/falsifier.h"
#include "interp/interp.h"

namespace atropos::driver {

std::vector<Outcome> decideProperties(const frontend::Program& program, const std::vector<Property>& properties,
                                      const Budget& budget, PortfolioStatistics* statistics) {
  auto created = interp::Interpreter::create(program);
  if (auto* why = std::get_if<std::string>(&created)) {
    std::vector<Outcome> outcomes;
    for (Property p : properties) outcomes.push_back(Outcome::unknown(p, *why));
    return outcomes;
  }
  const auto& interpreter = std::get<std::unique_ptr<interp::Interpreter>>(created);
  falsifier::Options options;
  options.deadline = budget.deadline;
  options.memoryBytes = budget.memoryBytes;
  falsifier::Statistics stats;
  std::vector<Outcome> outcomes = falsifier::falsify(*interpreter, properties, options, &stats);
  if (statistics) {
    statistics->executions = stats.runs;
    statistics->steps = stats.steps;
  }
  return outcomes;
}

}  // namespace atropos::driver
