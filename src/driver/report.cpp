#include "driver/report.h"

#include <nlohmann/json.hpp>

#include <map>
#include <sstream>

#include "common/text.h"

namespace atropos::driver {

namespace {

// Source lines for the trace, read once per file; a file that cannot be read gives none.
class SourceCache {
 public:
  explicit SourceCache(std::string fallback) : fallback_(std::move(fallback)) {}
  std::string line(const std::string& file, unsigned number) {
    const std::vector<std::string>& lines = linesOf(file);
    if (number == 0 || number > lines.size()) return {};
    return std::string(trim(lines[number - 1]));
  }

 private:
  const std::vector<std::string>& linesOf(const std::string& file) {
    auto it = files_.find(file);
    if (it != files_.end()) return it->second;
    std::string text;
    if (!readFile(file, text) && !readFile(fallback_, text)) text.clear();
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) lines.push_back(l);
    return files_.emplace(file, std::move(lines)).first->second;
  }
  std::string fallback_;
  std::map<std::string, std::vector<std::string>> files_;
};

std::string position(const SourceLocation& loc, const std::string& inputFile) {
  std::string file = loc.file.empty() ? inputFile : loc.file;
  if (!loc.known()) return file;
  return file + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.column);
}

}  // namespace

std::string verdictLine(const Outcome& o) {
  std::string line = std::string(propertyName(o.property)) + ": " + std::string(verdictName(o.verdict));
  if (o.verdict == Verdict::False && o.violatedPart) line += "(" + std::string(memsafetyPartName(*o.violatedPart)) + ")";
  if (o.verdict == Verdict::Unknown) line += " (" + (o.reason.empty() ? std::string("no engine decided it") : o.reason) + ")";
  return line;
}

void printText(std::ostream& out, const ReportContext& context, const std::vector<Outcome>& outcomes) {
  SourceCache sources(context.inputFile);
  for (const Outcome& o : outcomes) {
    out << verdictLine(o) << "\n";
    if (o.verdict != Verdict::Unknown) out << "  " << o.reason << (o.engine.empty() ? "" : " [" + o.engine + "]") << "\n";
    if (auto w = context.witnessFiles.find(o.property); w != context.witnessFiles.end())
      out << "  witness: " << w->second << "\n";
    if (!o.counterexample) continue;
    const Counterexample& cex = *o.counterexample;
    const std::string check = o.violatedPart ? std::string(memsafetyPartName(*o.violatedPart)) : std::string(propertyName(o.property));
    out << "  " << position(cex.location, context.inputFile) << ": error: " << cex.violation << " [" << check << "]\n";
    if (std::string src = sources.line(cex.location.file, cex.location.line); !src.empty()) out << "    " << src << "\n";
    out << "  inputs (" << cex.inputs.size() << "):\n";
    for (const NondetInput& in : cex.inputs)
      out << "    " << position(in.location, context.inputFile) << ": " << nondetInputOrigin(in) << " = " << nondetInputValue(in)
          << "\n";
    if (cex.loopInputsStart) {
      const size_t first = *cex.loopInputsStart + 1, last = cex.inputs.size();
      out << "  loop (repeats forever): "
          << (first > last    ? "no inputs"
              : first == last ? "input " + std::to_string(first)
                              : "inputs " + std::to_string(first) + ".." + std::to_string(last))
          << "\n";
    }
    out << "  trace (" << cex.trace.size() << " source lines" << (cex.traceDropped ? ", the last ones" : "") << "):\n";
    for (const SourceLocation& step : cex.trace)
      out << "    " << (step.file.empty() ? context.inputFile : step.file) << ":" << step.line << " " << step.function
          << ": " << sources.line(step.file, step.line) << "\n";
  }
  out << "semantics: " << semanticsName(context.semantics) << " (" << semanticsDescription(context.semantics) << ")\n";
}

void printJson(std::ostream& out, const ReportContext& context, const std::vector<Outcome>& outcomes) {
  using nlohmann::json;
  auto location = [](const SourceLocation& l) {
    return json{{"file", l.file}, {"line", l.line}, {"column", l.column}, {"function", l.function}};
  };
  json results = json::array();
  for (const Outcome& o : outcomes) {
    json r = {{"property", propertyName(o.property)},
              {"verdict", verdictName(o.verdict)},
              {"subproperty", o.violatedPart ? json(memsafetyPartName(*o.violatedPart)) : json(nullptr)},
              {"reason", o.reason},
              {"engine", o.engine}};
    auto w = context.witnessFiles.find(o.property);
    r["witness"] = w != context.witnessFiles.end() ? json(w->second) : json(nullptr);
    if (o.counterexample) {
      const Counterexample& cex = *o.counterexample;
      json inputs = json::array();
      for (const NondetInput& in : cex.inputs)
        inputs.push_back({{"origin", in.origin}, {"bits", in.bits}, {"signed", in.isSigned},
                          {"value", nondetInputValue(in)}, {"location", location(in.location)}});
      json trace = json::array();
      for (const SourceLocation& step : cex.trace) trace.push_back(location(step));
      r["counterexample"] = {{"violation", cex.violation}, {"location", location(cex.location)},
                             {"inputs", inputs},           {"trace", trace},
                             {"trace_dropped", cex.traceDropped},
                             {"loop_inputs_start", cex.loopInputsStart ? json(*cex.loopInputsStart) : json(nullptr)}};
    } else {
      r["counterexample"] = nullptr;
    }
    results.push_back(r);
  }
  json doc = {{"tool", "atropos"}, {"input", context.inputFile}, {"data_model", context.dataModel},
              {"semantics", semanticsName(context.semantics)}, {"results", results}};
  out << doc.dump(2) << "\n";
}

}  // namespace atropos::driver
