#include "witness/witness.h"

#include <yaml-cpp/yaml.h>

#include <llvm/ADT/ArrayRef.h>
#include <llvm/Support/SHA256.h>

#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <map>
#include <random>
#include <set>

#include "common/c_text.h"
#include "common/text.h"
#include "source_text.h"

namespace atropos::witness {

namespace {

// Whether a debug location's file is the input file, however the two paths are spelled (each spelling resolved
// once: a counterexample may have many thousand inputs).
class InputFileTest {
 public:
  explicit InputFileTest(const std::string& inputFile) : inputFile_(inputFile), canonical_(canonical(inputFile)) {}
  bool operator()(const SourceLocation& l) {
    if (!l.known()) return false;
    if (l.file.empty() || l.file == inputFile_) return true;
    auto [it, added] = answers_.try_emplace(l.file, false);
    if (added) it->second = !canonical_.empty() && canonical(l.file) == canonical_;
    return it->second;
  }

 private:
  static std::filesystem::path canonical(const std::string& path) {
    std::error_code error;
    std::filesystem::path resolved = std::filesystem::weakly_canonical(path, error);
    return error ? std::filesystem::path() : resolved;
  }
  std::string inputFile_;
  std::filesystem::path canonical_;
  std::map<std::string, bool> answers_;
};

// The value as an ACSL constant: integers in decimal, floating-point values exactly (C99 hexadecimal); nullopt for
// a NaN or an infinity, which no `==` constraint can state.
std::optional<std::string> constantOf(const NondetInput& in) {
  if (!in.floatingPoint) return nondetInputValue(in);
  const std::optional<double> value = nondetInputFloat(in);
  if (!value || !std::isfinite(*value)) return std::nullopt;
  char text[64];
  std::snprintf(text, sizeof text, "%a", *value);
  return std::string(text);
}

void emitLocation(YAML::Emitter& out, const std::string& file, Position at, const std::string& function) {
  out << YAML::Key << "location" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "file_name" << YAML::Value << YAML::DoubleQuoted << file;
  out << YAML::Key << "line" << YAML::Value << at.line;
  if (at.column) out << YAML::Key << "column" << YAML::Value << at.column;
  if (!function.empty()) out << YAML::Key << "function" << YAML::Value << function;
  out << YAML::EndMap;
}

void emitMetadata(YAML::Emitter& out, const Metadata& m, const std::string& specification) {
  out << YAML::Key << "metadata" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "format_version" << YAML::Value << YAML::DoubleQuoted << m.formatVersion;
  // Quoted, so that no YAML reader takes the time for a timestamp or a hash for a number.
  out << YAML::Key << "uuid" << YAML::Value << YAML::DoubleQuoted << m.uuid;
  out << YAML::Key << "creation_time" << YAML::Value << YAML::DoubleQuoted << m.creationTime;
  out << YAML::Key << "producer" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "name" << YAML::Value << "Atropos";
  out << YAML::Key << "version" << YAML::Value << YAML::DoubleQuoted << m.producerVersion;
  out << YAML::EndMap;
  out << YAML::Key << "task" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "input_files" << YAML::Value << YAML::BeginSeq << YAML::DoubleQuoted << m.inputFile
      << YAML::EndSeq;
  out << YAML::Key << "input_file_hashes" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << YAML::DoubleQuoted << m.inputFile << YAML::Value << YAML::DoubleQuoted << m.inputFileHash
      << YAML::EndMap;
  out << YAML::Key << "specification" << YAML::Value << specification;
  out << YAML::Key << "data_model" << YAML::Value << m.dataModel;
  out << YAML::Key << "language" << YAML::Value << "C";
  out << YAML::EndMap;
  out << YAML::EndMap;
}

// Opens the one entry of a YAML witness, up to its content list.
void beginEntry(YAML::Emitter& out, const char* type, const Metadata& metadata, const Outcome& outcome) {
  out << YAML::BeginSeq << YAML::BeginMap;
  out << YAML::Key << "entry_type" << YAML::Value << type;
  emitMetadata(out, metadata, joined(propertySpecification(outcome.property), "\n"));
  out << YAML::Key << "content" << YAML::Value << YAML::BeginSeq;
}

// Closes what beginEntry opened: the witness's text, or nullopt with `why`.
std::optional<std::string> endEntry(YAML::Emitter& out, std::string& why) {
  out << YAML::EndSeq;
  out << YAML::EndMap << YAML::EndSeq;
  if (!out.good()) {
    why = "cannot write the witness: " + out.GetLastError();
    return std::nullopt;
  }
  return std::string(out.c_str()) + "\n";
}

// One segment that holds a single `follow` waypoint.
void emitSegment(YAML::Emitter& out, const char* type, const std::string& file, Position at,
                 const std::string& function, const std::optional<std::string>& constraint) {
  out << YAML::BeginMap << YAML::Key << "segment" << YAML::Value << YAML::BeginSeq;
  out << YAML::BeginMap << YAML::Key << "waypoint" << YAML::Value << YAML::BeginMap;
  out << YAML::Key << "type" << YAML::Value << type;
  out << YAML::Key << "action" << YAML::Value << "follow";
  emitLocation(out, file, at, function);
  if (constraint) {
    out << YAML::Key << "constraint" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "value" << YAML::Value << YAML::DoubleQuoted << *constraint;
    out << YAML::Key << "format" << YAML::Value << "acsl_expression";
    out << YAML::EndMap;
  }
  out << YAML::EndMap << YAML::EndMap;
  out << YAML::EndSeq << YAML::EndMap;
}

}  // namespace

bool takesViolationSequence(const Outcome& o) {
  if (o.verdict != Verdict::False || !o.counterexample) return false;
  switch (o.property) {
    case Property::UnreachCall:
    case Property::NoOverflow:
      return true;
    case Property::ValidMemsafety:
      return o.violatedPart == MemsafetyPart::ValidDeref || o.violatedPart == MemsafetyPart::ValidFree;
    case Property::Termination:
    case Property::ValidMemcleanup:
      return false;
  }
  return false;
}

std::optional<std::string> violationSequence(const Outcome& outcome, const Metadata& metadata, const std::string& source,
                                             std::string& why) {
  if (!takesViolationSequence(outcome)) {
    why = "SV-COMP takes no YAML violation witness for this verdict";
    return std::nullopt;
  }
  const Counterexample& cex = *outcome.counterexample;
  const SourceText text(source);
  const std::string& file = metadata.inputFile;
  InputFileTest inFile(file);

  if (!inFile(cex.location)) {
    why = "the violation has no location in " + file;
    return std::nullopt;
  }
  std::optional<Position> target = text.fullExpressionStart({cex.location.line, cex.location.column});
  if (!target) {
    why = "no expression at the violation's location " + std::to_string(cex.location.line) + ":" +
          std::to_string(cex.location.column);
    return std::nullopt;
  }

  YAML::Emitter out;
  beginEntry(out, "violation_sequence", metadata, outcome);
  for (const NondetInput& in : cex.inputs) {
    // A value read from uninitialized memory has no call to return it: the format cannot state it.
    if (!in.fromCall || !inFile(in.location)) continue;
    std::optional<std::string> value = constantOf(in);
    if (!value) continue;
    // Without the call's `)` (a macro that expands to the call), the line alone names the call's leftmost place.
    const Position at =
        text.closingParenthesisOfCall({in.location.line, in.location.column}).value_or(Position{in.location.line, 0});
    emitSegment(out, "function_return", file, at, in.location.function, "\\result == " + *value);
  }
  emitSegment(out, "target", file, *target, cex.location.function, std::nullopt);
  return endEntry(out, why);
}

std::optional<std::string> invariantSet(const Outcome& outcome, const Metadata& metadata, const std::string& source,
                                        std::string& why) {
  if (outcome.verdict != Verdict::True) {
    why = "a correctness witness is for a TRUE";
    return std::nullopt;
  }
  const SourceText text(source);
  InputFileTest inFile(metadata.inputFile);
  YAML::Emitter out;
  beginEntry(out, "invariant_set", metadata, outcome);
  for (const LoopInvariant& inv : outcome.invariants) {
    if (!inFile(inv.head)) continue;
    const std::optional<Position> keyword = text.loopKeyword({inv.head.line, inv.head.column});
    if (!keyword) continue;  // a goto loop: no place the format names
    out << YAML::BeginMap << YAML::Key << "invariant" << YAML::Value << YAML::BeginMap;
    out << YAML::Key << "type" << YAML::Value << "loop_invariant";
    emitLocation(out, metadata.inputFile, *keyword, inv.head.function);
    out << YAML::Key << "value" << YAML::Value << YAML::DoubleQuoted << inv.expression;
    out << YAML::Key << "format" << YAML::Value << "c_expression";
    out << YAML::EndMap << YAML::EndMap;
  }
  if (metadata.formatVersion != "2.0")
    for (const LoopRanking& ranking : outcome.rankings) {
      if (!inFile(ranking.head)) continue;
      const std::optional<Position> keyword = text.loopKeyword({ranking.head.line, ranking.head.column});
      if (!keyword) continue;
      out << YAML::BeginMap << YAML::Key << "invariant" << YAML::Value << YAML::BeginMap;
      out << YAML::Key << "type" << YAML::Value << "loop_transition_invariant";
      emitLocation(out, metadata.inputFile, *keyword, ranking.head.function);
      out << YAML::Key << "value" << YAML::Value << YAML::DoubleQuoted << transitionRelation(ranking);
      out << YAML::Key << "format" << YAML::Value << "ext_c_expression";
      out << YAML::EndMap << YAML::EndMap;
    }
  return endEntry(out, why);
}

std::string transitionRelation(const LoopRanking& ranking) {
  // A component is written over variables, casts and numbers only: every identifier that is not a type keyword is a
  // variable.
  static const std::set<std::string> typeWords = {"long", "int", "unsigned", "signed", "short", "char"};
  auto earlier = [&](const std::string& f) {
    std::string out;
    for (size_t i = 0; i < f.size();) {
      if (std::isalpha(static_cast<unsigned char>(f[i])) || f[i] == '_') {
        size_t end = i;
        while (end < f.size() && (std::isalnum(static_cast<unsigned char>(f[end])) || f[end] == '_')) ++end;
        const std::string word = f.substr(i, end - i);
        out += typeWords.count(word) ? word : "\\at(" + word + ", AnyPrev)";
        i = end;
      } else {
        out += f[i++];
      }
    }
    return out;
  };
  // The constant of a component cancels where two values are compared and moves to the other side of the bound.
  std::vector<std::string> disjuncts;
  for (size_t j = 0; j < ranking.components.size(); ++j) {
    std::vector<std::string> steps;
    for (size_t i = 0; i <= j; ++i) {
      const LoopRanking::Component& f = ranking.components[i];
      const std::string before = "(" + earlier(f.variables) + ")";
      const std::string now = "(" + f.variables + ")";
      const std::string lowest = signedLiteral(-f.constant);  // the constant is never -2^63
      if (i < j) {
        steps.push_back(before + " >= " + now);
      } else {
        steps.push_back(before + " > " + now);
        steps.push_back(before + " >= " + lowest);
      }
    }
    disjuncts.push_back(cConjunction(steps));
  }
  return cDisjunction(disjuncts);
}

bool takesViolationGraph(const Outcome& o) {
  if (o.verdict != Verdict::False || !o.counterexample) return false;
  if (o.property == Property::Termination)
    return o.counterexample->recurrence && !o.counterexample->recurrence->states.empty() &&
           o.counterexample->loopInputsStart;
  return o.property == Property::ValidMemcleanup ||
         (o.property == Property::ValidMemsafety && o.violatedPart == MemsafetyPart::ValidMemtrack);
}

std::optional<std::string> violationGraph(const Outcome& outcome, const Metadata& metadata, const std::string& source,
                                          std::string& why) {
  if (!takesViolationGraph(outcome)) {
    why = "SV-COMP takes no GraphML violation witness from Atropos for this verdict";
    return std::nullopt;
  }
  const Counterexample& cex = *outcome.counterexample;
  InputFileTest inFile(metadata.inputFile);
  std::string out =
      "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
      "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
      "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n";
  struct Key {
    const char* id;
    const char* scope;
    const char* defaultValue;
  };
  for (const Key& k : {Key{"witness-type", "graph", nullptr}, Key{"sourcecodelang", "graph", nullptr},
                       Key{"producer", "graph", nullptr}, Key{"specification", "graph", nullptr},
                       Key{"programfile", "graph", nullptr}, Key{"programhash", "graph", nullptr},
                       Key{"architecture", "graph", nullptr}, Key{"creationtime", "graph", nullptr},
                       Key{"entry", "node", "false"}, Key{"violation", "node", "false"},
                       Key{"cyclehead", "node", "false"}, Key{"invariant", "node", nullptr},
                       Key{"invariant.scope", "node", nullptr}, Key{"enterLoopHead", "edge", "false"},
                       Key{"enterFunction", "edge", nullptr}, Key{"startline", "edge", nullptr},
                       Key{"endline", "edge", nullptr}, Key{"assumption", "edge", nullptr},
                       Key{"assumption.scope", "edge", nullptr}, Key{"assumption.resultfunction", "edge", nullptr}}) {
    out += std::string(" <key attr.name=\"") + k.id + "\" attr.type=\"" +
           (k.defaultValue ? "boolean" : std::string_view(k.id) == "startline" || std::string_view(k.id) == "endline"
                                             ? "int"
                                             : "string") +
           "\" for=\"" + k.scope + "\" id=\"" + k.id + "\"" +
           (k.defaultValue ? std::string(">\n  <default>") + k.defaultValue + "</default>\n </key>\n" : "/>\n");
  }
  auto data = [](const char* key, const std::string& value, const char* indent) {
    return std::string(indent) + "<data key=\"" + key + "\">" + markupEscaped(value) + "</data>\n";
  };
  out += " <graph edgedefault=\"directed\">\n";
  out += data("witness-type", "violation_witness", "  ");
  out += data("sourcecodelang", "C", "  ");
  out += data("producer", "Atropos " + metadata.producerVersion, "  ");
  for (const std::string& line : propertySpecification(outcome.property)) out += data("specification", line, "  ");
  out += data("programfile", metadata.inputFile, "  ");
  out += data("programhash", metadata.inputFileHash, "  ");
  out += data("architecture", metadata.dataModel == "ILP32" ? "32bit" : "64bit", "  ");
  out += data("creationtime", metadata.creationTime, "  ");
  // The path: entry, main, an edge per value; for a leak the last node is the violation, for non-termination the
  // values a period draws lead from the cycle head back to it.
  std::vector<const NondetInput*> stem, cycle;
  for (size_t k = 0; k < cex.inputs.size(); ++k) {
    const NondetInput& in = cex.inputs[k];
    if (!in.fromCall || !inFile(in.location) || !constantOf(in)) continue;
    (cex.loopInputsStart && k >= *cex.loopInputsStart ? cycle : stem).push_back(&in);
  }
  std::string nodes, edges;
  unsigned count = 0;
  auto node = [&](const std::string& body) {
    const std::string id = "N" + std::to_string(count++);
    nodes += "  <node id=\"" + id + "\"" + (body.empty() ? "/>\n" : ">\n" + body + "  </node>\n");
    return id;
  };
  auto edge = [&](const std::string& from, const std::string& to, const std::string& body) {
    edges += "  <edge source=\"" + from + "\" target=\"" + to + "\">\n" + body + "  </edge>\n";
  };
  auto valueEdge = [&](const std::string& from, const std::string& to, const NondetInput& in) {
    const std::string line = std::to_string(in.location.line);
    edge(from, to,
         data("startline", line, "   ") + data("endline", line, "   ") +
             data("assumption", "\\result == " + *constantOf(in) + ";", "   ") +
             (in.location.function.empty() ? std::string() : data("assumption.scope", in.location.function, "   ")) +
             data("assumption.resultfunction", in.origin, "   "));
  };
  const bool leak = outcome.property != Property::Termination;
  const std::string violation = data("violation", "true", "   ");
  std::string last = node(data("entry", "true", "   "));
  const std::string afterMain = node(leak && stem.empty() ? violation : "");
  edge(last, afterMain, data("enterFunction", "main", "   "));
  last = afterMain;
  for (size_t k = 0; k < stem.size(); ++k) {
    const std::string next = node(leak && k + 1 == stem.size() ? violation : "");
    valueEdge(last, next, *stem[k]);
    last = next;
  }
  if (!leak) {
    const Counterexample::Recurrence& r = *cex.recurrence;
    if (!inFile(r.head)) {
      why = "the loop that repeats is not in the input file";
      return std::nullopt;
    }
    // The cycle head is entered where a loop statement begins, or by the repeated call.
    std::string entering;
    if (!r.enteredFunction.empty()) {
      entering = data("enterFunction", r.enteredFunction, "   ") + data("startline", std::to_string(r.head.line), "   ");
    } else {
      const std::optional<Position> keyword = SourceText(source).loopKeyword(Position{r.head.line, r.head.column});
      if (!keyword) {
        why = "no loop statement holds the head at line " + std::to_string(r.head.line);
        return std::nullopt;
      }
      entering = data("enterLoopHead", "true", "   ") + data("startline", std::to_string(keyword->line), "   ");
    }
    const std::string invariant = cDisjunction(r.states);
    const std::string scope = r.enteredFunction.empty() ? r.head.function : r.enteredFunction;
    const std::string head = node(data("cyclehead", "true", "   ") + data("invariant", invariant, "   ") +
                                  (scope.empty() ? std::string() : data("invariant.scope", scope, "   ")));
    edge(last, head, entering);
    last = head;
    for (const NondetInput* in : cycle) {
      const std::string next = node("");
      valueEdge(last, next, *in);
      last = next;
    }
    edge(last, head, entering);
  }
  out += nodes + edges;
  out += " </graph>\n</graphml>\n";
  return out;
}

std::string sha256Hex(const std::string& bytes) {
  const auto digest = llvm::SHA256::hash(
      llvm::ArrayRef<uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
  static constexpr char kHex[] = "0123456789abcdef";
  std::string hex;
  for (uint8_t b : digest) {
    hex += kHex[b >> 4];
    hex += kHex[b & 15];
  }
  return hex;
}

std::string randomUuid() {
  std::random_device device;
  uint8_t b[16];
  for (int i = 0; i < 16; i += 4) {
    const uint32_t r = device();
    std::memcpy(b + i, &r, 4);
  }
  b[6] = static_cast<uint8_t>((b[6] & 0x0f) | 0x40);  // version 4
  b[8] = static_cast<uint8_t>((b[8] & 0x3f) | 0x80);  // RFC 4122 variant
  char text[37];
  std::snprintf(text, sizeof text, "%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0], b[1],
                b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13], b[14], b[15]);
  return text;
}

std::string currentTimeIso8601() {
  const std::time_t now = std::time(nullptr);
  std::tm utc{};
  gmtime_r(&now, &utc);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
  return text;
}

}  // namespace atropos::witness
