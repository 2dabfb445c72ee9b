// atropos-interp-bench FILE.c [REPEAT] [--detect-lasso]: runs a program without nondet input in the reference
// interpreter and reports IR instructions per second (the median of REPEAT runs; compilation and decoding are not
// timed). --detect-lasso measures the runs that look for a recurring program state (termination).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <variant>
#include <vector>

#include "frontend/frontend.h"
#include "interp/interp.h"

int main(int argc, char** argv) {
  using namespace atropos;
  const bool detectLasso = argc > 2 && std::strcmp(argv[argc - 1], "--detect-lasso") == 0;
  const int positional = detectLasso ? argc - 1 : argc;
  if (positional < 2) {
    std::fprintf(stderr, "usage: atropos-interp-bench FILE.c [REPEAT] [--detect-lasso]\n");
    return 1;
  }
  const int repeat = positional > 2 ? std::max(1, std::atoi(argv[2])) : 5;
  interp::RunOptions options;
  options.detectLasso = detectLasso;
  auto loaded = frontend::load(argv[1], frontend::Options{}, Deadline::in(std::chrono::seconds(60)));
  if (auto* failure = std::get_if<frontend::LoadFailure>(&loaded)) {
    std::fprintf(stderr, "%s\n%s", failure->message.c_str(), failure->diagnostics.c_str());
    return 2;
  }
  auto created = interp::Interpreter::create(std::get<frontend::Program>(loaded));
  if (auto* why = std::get_if<std::string>(&created)) {
    std::fprintf(stderr, "%s\n", why->c_str());
    return 2;
  }
  const auto& interpreter = *std::get<std::unique_ptr<interp::Interpreter>>(created);
  std::vector<double> rates;
  uint64_t steps = 0;
  for (int i = 0; i < repeat; ++i) {
    interp::ReplayInputs none({});
    auto start = std::chrono::steady_clock::now();
    interp::RunResult r = interpreter.run(none, options);
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (!r.completed() || !r.inputs.empty()) {
      std::fprintf(stderr, "the program must run to completion without nondet input (ended: %s)\n",
                   interp::runEndName(r.end));
      return 3;
    }
    steps = r.steps;
    rates.push_back(static_cast<double>(r.steps) / seconds);
  }
  std::sort(rates.begin(), rates.end());
  std::printf("%s: %llu IR instructions per run, median %.1f M instructions/s over %d runs (min %.1f, max %.1f)\n",
              argv[1], static_cast<unsigned long long>(steps), rates[rates.size() / 2] / 1e6, repeat,
              rates.front() / 1e6, rates.back() / 1e6);
  return 0;
}
