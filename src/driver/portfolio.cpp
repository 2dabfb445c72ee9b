#include "driver/portfolio.h"

#include <algorithm>
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
  if (budget.progress)
    options.progress = [&](const falsifier::Statistics& s) { budget.progress(PortfolioStatistics{s.runs, s.steps}); };
  falsifier::Statistics stats;
  std::vector<Outcome> outcomes = falsifier::falsify(*interpreter, properties, options, &stats);
  // Report in the order the properties were asked for.
  std::stable_sort(outcomes.begin(), outcomes.end(), [&](const Outcome& a, const Outcome& b) {
    return std::find(properties.begin(), properties.end(), a.property) <
           std::find(properties.begin(), properties.end(), b.property);
  });
  if (statistics) {
    statistics->executions = stats.runs;
    statistics->steps = stats.steps;
  }
  return outcomes;
}

}  // namespace atropos::driver
