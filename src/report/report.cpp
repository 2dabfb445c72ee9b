#include "report/report.h"

#include "render.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <sstream>

#include "common/c_text.h"
#include "common/text.h"

namespace atropos::report {

namespace {

// Source lines for the trace, read once per file; a file that cannot be read gives none.
class SourceCache {
 public:
  explicit SourceCache(std::string fallback) : fallback_(std::move(fallback)) {}
  std::string line(const std::string& file, unsigned number) { return std::string(trim(untrimmedLine(file, number))); }
  std::string untrimmedLine(const std::string& file, unsigned number) {
    const std::vector<std::string>& lines = linesOf(file);
    if (number == 0 || number > lines.size()) return {};
    return lines[number - 1];
  }

 private:
  const std::vector<std::string>& linesOf(const std::string& file) {
    auto it = files_.find(file);
    if (it != files_.end()) return it->second;
    std::string text;
    if (!readFile(file, text) && !readFile(fallback_, text)) text.clear();
    return files_.emplace(file, textLines(text)).first->second;
  }
  std::string fallback_;
  std::map<std::string, std::vector<std::string>> files_;
};

// A column as SARIF counts it under columnKind unicodeCodePoints: debug information counts the bytes of the line's
// UTF-8 text up to it, SARIF its characters.
unsigned codePointColumn(const std::string& line, unsigned byteColumn) {
  unsigned column = 1;
  for (size_t i = 0; i + 1 < byteColumn && i < line.size(); ++i)
    if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++column;  // not a continuation byte
  return byteColumn > line.size() + 1 ? byteColumn : column;
}

std::string position(const SourceLocation& loc, const std::string& inputFile) {
  std::string file = loc.file.empty() ? inputFile : loc.file;
  if (!loc.known()) return file;
  return file + ":" + std::to_string(loc.line) + ":" + std::to_string(loc.column);
}

// " in main at line 6": where a state of the symbolic execution is.
std::string where(const SourceLocation& at) {
  if (at.function.empty()) return "";
  return " in " + at.function + (at.known() ? " at line " + std::to_string(at.line) : std::string());
}

void printFacts(std::ostream& out, const Facts& facts) {
  for (const std::string& f : facts) out << "      " << f << "\n";
}

}  // namespace

void printExplanation(std::ostream& out, const ProofExplanation& e) {
  out << "symbolic execution graph: " << e.states << " states"
      << (e.complete ? "" : " (incomplete: " + e.incompleteReason + ")") << ", " << e.solverQueries
      << " solver queries"
      << (e.queriesOutOfTime ? " (" + std::to_string(e.queriesOutOfTime) + " of them out of time)" : std::string())
      << (e.firstPassesPeeled ? ", first loop passes peeled" : "") << "\n";
  for (const ProofExplanation::ErrorState& error : e.errors) {
    out << "  error state (" << error.check << "): " << error.message << where(error.at) << ", reached in:\n";
    printFacts(out, error.facts);
  }
  for (const ProofExplanation::HeadState& head : e.heads) {
    out << "  " << headKindName(head.kind) << where(head.at) << ", generalized state:\n";
    printFacts(out, head.facts);
  }
  if (!e.unreachability.empty()) {
    out << "  error states shown unreachable by an inductive invariant of the graph, which at the merged states is:\n";
    for (const ProofExplanation::Invariant& inv : e.unreachability) out << "   " << where(inv.at) << ": " << inv.formula << "\n";
  }
  if (e.terminationAsked)
    out << (e.terminationProven ? "termination proof:\n" : "termination not proven: ") << e.terminationProof;
}

void printDot(std::ostream& out, const GraphEvidence& graph) { writeDot(out, graph, {}); }

void writeDot(std::ostream& out, const GraphEvidence& graph,
              const std::function<std::string(const GraphEvidence::State&)>& link) {
  out << "digraph seg {\n  node [shape=box, fontname=monospace, fontsize=9];\n";
  for (const GraphEvidence::State& state : graph.states) {
    std::ostringstream label;
    label << "#" << state.id;
    if (!state.at.function.empty()) {
      label << " " << state.at.function;
      if (state.at.known()) label << ":" << state.at.line;
    }
    std::string color = "black";
    switch (state.kind) {
      case GraphEvidence::State::Kind::Error:
        label << "\\nERR: " << state.check;
        color = state.reachError ? "orange" : "red";
        break;
      case GraphEvidence::State::Kind::End:
        label << "\\nend of program";
        color = "darkgreen";
        break;
      case GraphEvidence::State::Kind::Return:
        label << "\\nreturn state";
        color = "purple";
        break;
      case GraphEvidence::State::Kind::Open:
        break;
    }
    if (state.merged) {
      label << "\\nmerged:\\l";
      for (std::string fact : state.facts) {
        std::replace(fact.begin(), fact.end(), '"', '\'');
        label << "      " << fact << "\\l";
      }
      color = "blue";
    }
    out << "  n" << state.id << " [label=\"" << label.str() << "\", color=" << color;
    if (link)
      if (const std::string target = link(state); !target.empty())
        out << ", id=\"state" << state.id << "\", href=\"" << target << "\", tooltip=\"state " << state.id << "\"";
    out << "];\n";
  }
  for (const GraphEvidence::Edge& edge : graph.edges) {
    out << "  n" << edge.from << " -> n" << edge.to;
    switch (edge.step) {
      case GraphEvidence::Step::Refinement:
        out << " [style=dashed]";
        break;
      case GraphEvidence::Step::CallAbstraction:
        out << " [label=call]";
        break;
      case GraphEvidence::Step::Return:
        out << " [label=returned]";
        break;
      case GraphEvidence::Step::InstanceOf:
        out << " [style=dotted]";
        break;
      case GraphEvidence::Step::Evaluation:
        break;
    }
    out << ";\n";
  }
  out << "}\n";
}

std::string verdictLine(const Outcome& o) {
  std::string line = std::string(propertyName(o.property)) + ": " + std::string(verdictName(o.verdict));
  if (o.verdict == Verdict::False && o.violatedPart) line += "(" + std::string(memsafetyPartName(*o.violatedPart)) + ")";
  if (o.verdict == Verdict::Unknown) line += " (" + (o.reason.empty() ? std::string("no engine decided it") : o.reason) + ")";
  return line;
}

std::string headKindName(ProofExplanation::HeadState::Kind kind) {
  using Kind = ProofExplanation::HeadState::Kind;
  return kind == Kind::LoopHead         ? "loop head"
         : kind == Kind::RecursiveEntry ? "entry of a recursive function"
                                        : "return of a recursive function";
}

std::vector<std::string> textLines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

std::string rankingText(const LoopRanking::Component& c) {
  if (c.constant == 0) return c.variables;
  const unsigned long long size = c.constant < 0 ? 0ull - static_cast<unsigned long long>(c.constant)
                                                 : static_cast<unsigned long long>(c.constant);
  return cSum({SignedTerm{false, c.variables}, SignedTerm{c.constant < 0, std::to_string(size)}});
}

void printText(std::ostream& out, const ReportContext& context, const std::vector<Outcome>& outcomes) {
  SourceCache sources(context.inputFile);
  for (const Outcome& o : outcomes) {
    out << verdictLine(o) << "\n";
    if (o.verdict != Verdict::Unknown) out << "  " << o.reason << (o.engine.empty() ? "" : " [" + o.engine + "]") << "\n";
    if (auto w = context.witnessFiles.find(o.property); w != context.witnessFiles.end())
      out << "  witness: " << w->second << "\n";
    if (!o.invariants.empty()) out << "  loop invariants:\n";
    for (const LoopInvariant& inv : o.invariants)
      out << "    " << position(inv.head, context.inputFile) << " (" << inv.head.function << "): " << inv.expression
          << "\n";
    if (!o.rankings.empty()) out << "  ranking functions (lexicographic where several):\n";
    for (const LoopRanking& r : o.rankings) {
      out << "    " << position(r.head, context.inputFile) << " (" << r.head.function << "): ";
      for (size_t k = 0; k < r.components.size(); ++k) out << (k ? ", " : "") << rankingText(r.components[k]);
      out << "\n";
    }
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
    if (cex.recurrence) {
      const auto& r = *cex.recurrence;
      out << "  recurrent set at " << position(r.head, context.inputFile)
          << (r.enteredFunction.empty() ? "" : " (entering " + r.enteredFunction + ")")
          << (r.complete ? "" : " (partial: some values could not be written in C)") << ":\n";
      for (const std::string& state : r.states) out << "    " << state << "\n";
    }
    out << "  trace (" << cex.trace.size() << " source lines" << (cex.traceDropped ? ", the last ones" : "") << "):\n";
    for (const TraceStep& step : cex.trace)
      out << "    " << (step.at.file.empty() ? context.inputFile : step.at.file) << ":" << step.at.line << " "
          << step.at.function << ": " << sources.line(step.at.file, step.at.line) << "\n";
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
    json invariants = json::array();
    for (const LoopInvariant& inv : o.invariants)
      invariants.push_back({{"head", location(inv.head)}, {"expression", inv.expression}});
    r["invariants"] = invariants;
    json rankings = json::array();
    for (const LoopRanking& ranking : o.rankings)
    {
      json components = json::array();
      for (const LoopRanking::Component& c : ranking.components)
        components.push_back({{"variables", c.variables}, {"constant", c.constant}});
      rankings.push_back({{"head", location(ranking.head)}, {"components", components}});
    }
    r["ranking_functions"] = rankings;
    if (o.counterexample) {
      const Counterexample& cex = *o.counterexample;
      json inputs = json::array();
      for (const NondetInput& in : cex.inputs)
        inputs.push_back({{"origin", in.origin}, {"bits", in.bits}, {"signed", in.isSigned},
                          {"value", nondetInputValue(in)}, {"location", location(in.location)}});
      json trace = json::array();
      for (const TraceStep& step : cex.trace) {
        json entry = location(step.at);
        entry["entry"] = step.entry == TraceStep::Entry::Call ? "call" : step.entry == TraceStep::Entry::Return ? "return" : "next";
        entry["inputs"] = json::array();
        for (size_t k = step.firstInput; k < step.firstInput + step.inputCount; ++k) entry["inputs"].push_back(k);
        entry["branch_to"] = step.branchTo ? json(step.branchTo) : json(nullptr);
        trace.push_back(entry);
      }
      r["counterexample"] = {{"violation", cex.violation}, {"location", location(cex.location)},
                             {"inputs", inputs},           {"trace", trace},
                             {"trace_dropped", cex.traceDropped},
                             {"loop_inputs_start", cex.loopInputsStart ? json(*cex.loopInputsStart) : json(nullptr)}};
      if (cex.recurrence)
        r["counterexample"]["recurrent_set"] = {{"head", location(cex.recurrence->head)},
                                                {"entered_function", cex.recurrence->enteredFunction},
                                                {"states", cex.recurrence->states},
                                                {"complete", cex.recurrence->complete}};
    } else {
      r["counterexample"] = nullptr;
    }
    results.push_back(r);
  }
  json doc = {{"tool", "atropos"}, {"input", context.inputFile}, {"data_model", context.dataModel},
              {"semantics", semanticsName(context.semantics)}, {"results", results}};
  out << doc.dump(2) << "\n";
}

namespace {

struct SarifRule {
  std::string_view id;
  std::string_view summary;      // shortDescription
  std::string_view description;  // fullDescription and help
};

constexpr SarifRule kSarifRules[] = {
    {"unreach-call", "reach_error() is called",
     "An execution calls reach_error(): the program's own assertion fails (SV-COMP's unreach-call)."},
    {"valid-deref", "invalid memory access",
     "An execution reads or writes memory outside every live object: out of bounds, after free, after the end of a "
     "variable's scope, or through a null or dangling pointer."},
    {"valid-free", "invalid free",
     "An execution frees memory that is not the start of a live heap object: a double free, or a free of a stack, "
     "global or interior pointer."},
    {"valid-memtrack", "memory leak",
     "An execution loses the last pointer to heap memory that was not freed."},
    {"valid-memcleanup", "memory not freed at exit",
     "An execution ends with heap memory still allocated."},
    {"no-overflow", "signed integer overflow",
     "An execution performs a signed integer operation whose result does not fit its type (undefined behaviour in "
     "C)."},
    {"termination", "non-termination", "An execution runs forever."},
};

// A path a code-scanning service can match against the repository: relative to the working directory when the file
// lies under it.
std::string sarifUri(const std::string& path, const std::filesystem::path& workingDirectory) {
  std::error_code error;
  const std::filesystem::path absolute = std::filesystem::absolute(path, error).lexically_normal();
  if (error) return path;
  const std::filesystem::path relative = absolute.lexically_relative(workingDirectory);
  if (!relative.empty() && *relative.begin() != "..") return relative.generic_string();
  return absolute.generic_string();
}

}  // namespace

void printSarif(std::ostream& out, const ReportContext& context, const std::vector<Outcome>& outcomes,
                const std::string& toolVersion) {
  using nlohmann::json;
  std::error_code error;
  const std::filesystem::path workingDirectory = std::filesystem::current_path(error);
  SourceCache sources(context.inputFile);
  auto physical = [&](const SourceLocation& l) {
    json region = {{"startLine", std::max(l.line, 1u)}};
    if (l.column) region["startColumn"] = codePointColumn(sources.untrimmedLine(l.file, l.line), l.column);
    return json{{"physicalLocation",
                 {{"artifactLocation", {{"uri", sarifUri(l.file.empty() ? context.inputFile : l.file, workingDirectory)}}},
                  {"region", region}}}};
  };
  json rules = json::array();
  for (const SarifRule& r : kSarifRules)
    rules.push_back({{"id", r.id},
                     {"shortDescription", {{"text", r.summary}}},
                     {"fullDescription", {{"text", r.description}}},
                     {"help", {{"text", r.description}}},
                     {"defaultConfiguration", {{"level", "error"}}}});
  json results = json::array();
  for (const Outcome& o : outcomes) {
    if (o.verdict != Verdict::False) continue;
    const std::string ruleId(o.violatedPart ? memsafetyPartName(*o.violatedPart) : propertyName(o.property));
    size_t ruleIndex = 0;
    while (ruleIndex + 1 < std::size(kSarifRules) && kSarifRules[ruleIndex].id != ruleId) ++ruleIndex;
    json result = {{"ruleId", ruleId}, {"ruleIndex", ruleIndex}, {"level", "error"}};
    if (!o.counterexample) {
      result["message"] = {{"text", o.reason}};
      result["locations"] = json::array({physical(SourceLocation{context.inputFile, 1, 0, {}})});
      results.push_back(result);
      continue;
    }
    const Counterexample& cex = *o.counterexample;
    result["message"] = {{"text", cex.violation}};
    result["locations"] = json::array({physical(cex.location)});
    // Each input in the state of the step that drew it; one drawn before the first step kept (the trace shows only
    // the last lines of a long run) in the first step's state.
    std::vector<json> states(cex.trace.size(), json::object());
    for (size_t at = 0; at < cex.trace.size(); ++at) {
      const TraceStep& step = cex.trace[at];
      const size_t from = at == 0 ? 0 : step.firstInput;
      for (size_t k = from; k < step.firstInput + step.inputCount && k < cex.inputs.size(); ++k)
        states[at][numbered("input ", k + 1) + ": " + nondetInputOrigin(cex.inputs[k])] = {
            {"text", nondetInputValue(cex.inputs[k])}};
    }
    json steps = json::array();
    for (size_t i = 0; i < cex.trace.size(); ++i) {
      json flowLocation = {{"location", physical(cex.trace[i].at)}};
      if (!states[i].empty()) flowLocation["state"] = states[i];
      steps.push_back(flowLocation);
    }
    if (!steps.empty()) result["codeFlows"] = json::array({{{"threadFlows", json::array({{{"locations", steps}}})}}});
    results.push_back(result);
  }
  json run = {{"tool",
               {{"driver",
                 {{"name", "Atropos"},
                  {"version", toolVersion},
                  {"rules", rules}}}}},
              {"columnKind", "unicodeCodePoints"},
              {"results", results}};
  json doc = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"}, {"version", "2.1.0"}, {"runs", {run}}};
  out << doc.dump(2) << "\n";
}

}  // namespace atropos::report
