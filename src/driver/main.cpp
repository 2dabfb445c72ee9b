// atropos: decides termination, memory safety, overflow and reachability properties of C programs.
#include <sys/resource.h>

#include <chrono>
#include <csignal>
#include <fstream>
#include <functional>
#include <iostream>
#include <algorithm>
#include <new>
#include <variant>

#include <llvm/Config/llvm-config.h>

#include "its_command.h"
#include "options.h"
#include "portfolio.h"
#include "supervision.h"
#include "report/report.h"
#include "common/text.h"
#include "task.h"
#include "witness/witness.h"

using namespace atropos;
using namespace atropos::driver;
using namespace atropos::report;

namespace {

int fail(int status, const std::string& message) {
  std::cerr << "atropos: error: " << message << "\n";
  return status;
}

void limitMemory(unsigned megabytes) {
  rlimit limit{};
  limit.rlim_cur = limit.rlim_max = static_cast<rlim_t>(megabytes) * 1024 * 1024;
  setrlimit(RLIMIT_AS, &limit);
}

// Writes the witness of each FALSE that has one, and the correctness witness of each TRUE, into options.witnessDir
// and records where; a verdict without one is said on stderr (the verdict stands either way).
void writeWitnesses(const Options& options, const std::string& inputFile, frontend::DataModel model,
                    const std::vector<Outcome>& outcomes, ReportContext& context) {
  std::string source;
  if (!readFile(inputFile, source)) {
    std::cerr << "atropos: warning: no witnesses: cannot read " << inputFile << "\n";
    return;
  }
  witness::Metadata metadata;
  metadata.producerVersion = ATROPOS_VERSION;
  metadata.inputFile = inputFile;
  metadata.inputFileHash = witness::sha256Hex(source);
  metadata.dataModel = frontend::dataModelName(model);
  metadata.creationTime = witness::currentTimeIso8601();
  metadata.formatVersion = options.witnessVersion;
  for (const Outcome& o : outcomes) {
    if (o.verdict == Verdict::Unknown) continue;
    const std::string property(propertyName(o.property));
    const bool graph = witness::takesViolationGraph(o);
    if (o.verdict == Verdict::False && !graph && !witness::takesViolationSequence(o)) {
      std::cerr << "atropos: note: no witness for " << verdictLine(o)
                << (o.counterexample ? ": no recurrent set was described"
                                     : ": the verdict rests on no execution")
                << "\n";
      continue;
    }
    metadata.uuid = witness::randomUuid();
    std::string why;
    std::optional<std::string> text = o.verdict == Verdict::True ? witness::invariantSet(o, metadata, source, why)
                                      : graph ? witness::violationGraph(o, metadata, source, why)
                                              : witness::violationSequence(o, metadata, source, why);
    if (!text) {
      std::cerr << "atropos: warning: no witness for " << property << ": " << why << "\n";
      continue;
    }
    const std::string extension = graph ? ".graphml" : ".yml";
    const std::string path =
        options.witnessDir + "/" + (outcomes.size() == 1 ? "witness" + extension : "witness-" + property + extension);
    std::ofstream file(path);
    file << *text;
    if (!file) {
      std::cerr << "atropos: warning: cannot write " << path << "\n";
      continue;
    }
    context.witnessFiles[o.property] = path;
  }
}

// In the parent of Supervision::split, once the child has ended: the process's exit status.
int statusAfterChild(const Supervision& supervision, const std::string& inputFile,
                     const std::function<int()>& reportCompileTimeout) {
  switch (supervision.end()) {
    case Supervision::End::Exited:
      break;
    case Supervision::End::Killed:
      // Ended as the child was, so that whoever started Atropos sees the same.
      std::signal(supervision.signal(), SIG_DFL);
      std::raise(supervision.signal());
      return 128 + supervision.signal();
    case Supervision::End::Crashed:
      return fail(kExitCompile, "loading '" + inputFile + "' crashed (signal " + std::to_string(supervision.signal()) +
                                    "): clang-14 compiles it then, or the memory ran out");
    case Supervision::End::DeadlineAhead:
      return reportCompileTimeout();
  }
  return supervision.exitStatus();
}

// The HTML report, with the graph laid out by Graphviz within what is left of the whole budget.
bool writeHtml(const std::string& path, const ReportContext& context, const std::vector<Outcome>& outcomes,
               const Evidence& evidence, const Deadline& budgetEnd) {
  HtmlEvidence html;
  if (evidence.explanation) html.explanation = &*evidence.explanation;
  if (evidence.graph) {
    html.graph = &*evidence.graph;
    html.graphSvg = renderGraphSvg(*evidence.graph, context.inputFile, budgetEnd, html.graphProblem);
  } else {
    html.graphProblem =
        "no symbolic execution graph: the symbolic execution did not run (the properties were decided before it, or "
        "--engines left it out)";
  }
  std::ofstream file(path);
  printHtml(file, context, outcomes, html);
  return static_cast<bool>(file);
}

int run(const Options& options) {
  // The engines stop a little early so that the answer, the replay and the report fit in the budget.
  const Deadline budgetEnd = Deadline::in(std::chrono::duration<double>(options.timeoutSeconds));
  const Deadline deadline = Deadline::in(std::chrono::duration<double>(options.timeoutSeconds * 0.9));
  std::string inputFile = options.inputFile;
  frontend::DataModel model = options.dataModel.value_or(frontend::DataModel::LP64);
  std::vector<Property> properties = options.properties;
  std::string error;
  if (!options.taskFile.empty()) {
    std::optional<Task> task = readTask(options.taskFile, error);
    if (!task) return fail(kExitInput, error);
    inputFile = task->inputFile;
    if (!options.dataModel) model = task->dataModel;
    if (properties.empty() && options.propertyFile.empty()) {
      for (const TaskProperty& tp : task->properties) properties.push_back(tp.property);
      if (properties.empty())
        return fail(kExitInput, "task file '" + options.taskFile + "' lists no property Atropos decides");
    }
  }
  if (!options.propertyFile.empty()) {
    auto fromFile = readPropertyFile(options.propertyFile, error);
    if (!fromFile) return fail(kExitInput, error);
    properties.insert(properties.end(), fromFile->begin(), fromFile->end());
  }
  if (properties.empty()) properties = allProperties();
  std::vector<Property> unique;
  for (Property p : properties)
    if (std::find(unique.begin(), unique.end(), p) == unique.end()) unique.push_back(p);

  frontend::Options frontendOptions;
  frontendOptions.dataModel = model;
  frontendOptions.termCompEnvironment = options.semantics == Semantics::TermComp;
  auto reportCompileTimeout = [&] {
    std::vector<Outcome> outcomes;
    for (Property p : unique) outcomes.push_back(Outcome::unknown(p, "the time budget ran out while compiling"));
    ReportContext context{inputFile, frontend::dataModelName(model), options.semantics, {}};
    options.json ? printJson(std::cout, context, outcomes) : printText(std::cout, context, outcomes);
    return kExitOk;
  };
  Supervision supervision = Supervision::split(deadline);
  if (!supervision.inChild()) return statusAfterChild(supervision, inputFile, reportCompileTimeout);
  const auto compileStart = std::chrono::steady_clock::now();
  auto loaded = frontend::load(inputFile, frontendOptions, deadline);
  supervision.ready();
  if (auto* failure = std::get_if<frontend::LoadFailure>(&loaded)) {
    switch (failure->kind) {
      case frontend::LoadFailure::Kind::Unreadable:
        return fail(kExitInput, failure->message);
      case frontend::LoadFailure::Kind::CompileError:
        std::cerr << failure->diagnostics;
        return fail(kExitCompile, failure->message);
      case frontend::LoadFailure::Kind::Timeout:
        return reportCompileTimeout();
      case frontend::LoadFailure::Kind::Internal:
        std::cerr << failure->diagnostics;
        return fail(kExitInternal, failure->message);
    }
  }
  const frontend::Program& program = std::get<frontend::Program>(loaded);
  if (options.verbose)
    std::cerr << "atropos: compiled " << inputFile << " (" << frontend::dataModelName(model) << ") in "
              << fixed(std::chrono::duration<double>(std::chrono::steady_clock::now() - compileStart).count(), 3)
              << " s\n";

  Budget budget;
  budget.deadline = deadline;
  budget.crossCheck = options.crossCheck;
  budget.semantics = options.semantics;
  budget.testing = options.testing;
  budget.bmc = options.bmc;
  budget.symex = options.symex;
  std::string smtLogError;
  budget.smtLog = openSmtLog(options, smtLogError);
  if (!smtLogError.empty()) return fail(kExitInput, smtLogError);
  // The program's objects get an eighth: their shadow state (initialization, provenance) costs up to five times
  // more, and each execution of the search allocates them anew.
  budget.memoryBytes = static_cast<uint64_t>(options.memoryMB) * 1024 * 1024 / 8;
  if (options.verbose)
    budget.progress = [](const PortfolioStatistics& s) {
      if (s.bmcBound)
        std::cerr << "atropos: bounded model checking: " << s.bmcBound << " iterations per loop, " << s.bmcChecks
                  << " checks\n";
      else
        std::cerr << "atropos: testing: " << s.executions << " executions, " << s.steps << " IR instructions\n";
    };
  PortfolioStatistics stats;
  Evidence evidence;
  evidence.explain = options.explain || !options.htmlFile.empty();
  evidence.wantDot = !options.dotFile.empty() || !options.htmlFile.empty();
  evidence.wantIts = !options.itsFile.empty();
  std::vector<Outcome> outcomes;
  try {
    outcomes = decideProperties(program, unique, budget, &stats, &evidence);
  } catch (const std::bad_alloc&) {
    outcomes.clear();
    for (Property p : unique) outcomes.push_back(Outcome::unknown(p, "the memory budget ran out"));
  }
  if (options.verbose) {
    for (const RoundCost& r : stats.rounds) {
      std::cerr << "atropos: " << r.round << ": " << fixed(r.wallSeconds, 3) << " s (CPU " << fixed(r.cpuSeconds, 3)
                << " s)";
      for (size_t i = 0; i < r.decided.size(); ++i)
        std::cerr << (i ? ", " : ", decided ") << propertyName(r.decided[i]);
      std::cerr << "\n";
    }
    std::cerr << "atropos: " << stats.executions << " executions, " << stats.steps << " IR instructions\n";
  }
  ReportContext context{inputFile, frontend::dataModelName(model), options.semantics, {}};
  // The Termination Competition's environment gives declared-only functions values no SV-COMP witness can state.
  if (!options.witnessDir.empty() && options.semantics == Semantics::TermComp)
    std::cerr << "atropos: note: no witnesses under --semantics termcomp: SV-COMP's formats state executions in "
                 "SV-COMP's environment\n";
  else if (!options.witnessDir.empty())
    writeWitnesses(options, inputFile, model, outcomes, context);
  options.json ? printJson(std::cout, context, outcomes) : printText(std::cout, context, outcomes);
  if (options.explain && evidence.explanation) {
    std::cout << "\n";
    report::printExplanation(std::cout, *evidence.explanation);
  }
  if (!options.itsFile.empty()) {
    std::ofstream its(options.itsFile);
    its << evidence.its;
    if (!its) return fail(kExitInput, "cannot write " + options.itsFile);
  }
  if (!options.sarifFile.empty()) {
    std::ofstream sarif(options.sarifFile);
    printSarif(sarif, context, outcomes, ATROPOS_VERSION);
    if (!sarif) return fail(kExitInput, "cannot write " + options.sarifFile);
  }
  if (!options.htmlFile.empty() && !writeHtml(options.htmlFile, context, outcomes, evidence, budgetEnd))
    return fail(kExitInput, "cannot write " + options.htmlFile);
  if (!options.dotFile.empty()) {
    std::ofstream dot(options.dotFile);
    if (evidence.graph) report::printDot(dot, *evidence.graph);
    if (!dot) return fail(kExitInput, "cannot write " + options.dotFile);
  }
  frontend::leaveToProcessExit(std::get<frontend::Program>(std::move(loaded)));
  return kExitOk;
}

}  // namespace

int main(int argc, char** argv) {
  std::string error;
  std::optional<Options> options = parseOptions(argc, argv, error);
  if (!options) return fail(kExitUsage, error);
  if (options->help) {
    std::cout << helpText();
    return kExitOk;
  }
  if (options->listProperties) {
    for (Property p : allProperties()) std::cout << propertyName(p) << "\n";
    return kExitOk;
  }
  if (options->version) {
    std::cout << "atropos " << ATROPOS_VERSION << " (LLVM " << LLVM_VERSION_STRING << ")\n";
    return kExitOk;
  }
  limitMemory(options->memoryMB);
  try {
    if (options->itsCommand) return runItsCommand(*options);
    return run(*options);
  } catch (const std::exception& e) {
    return fail(kExitInternal, std::string("internal error: ") + e.what());
  }
}
