#include "options.h"
#include "smt/query_log.h"

#include <cstdlib>
#include <filesystem>
#include <map>

namespace atropos::driver {

std::shared_ptr<smt::QueryLog> openSmtLog(const Options& options, std::string& error) {
  if (options.smtLogDir.empty()) return nullptr;
  try {
    return std::make_shared<smt::QueryLog>(options.smtLogDir);
  } catch (const std::filesystem::filesystem_error& e) {
    error = "cannot create the --smt-log directory '" + options.smtLogDir + "': " + e.code().message();
    return nullptr;
  }
}

std::string helpText() {
  std::string text = R"(Usage: atropos [options] FILE.c|FILE.i
       atropos --task TASK.yml [options]
       atropos its [--timeout SECONDS] FILE.smt2

Decides properties of a C program: TRUE (with a proof), FALSE (with a replayed counterexample) or UNKNOWN (with
the reason).

Options:
  --task TASK.yml        an SV-COMP task definition (format 1.0/2.0): the input file, the properties and the
                         data model come from it
  --property NAME        a property to decide (repeatable): PROPERTIES; with --task, restricts the task's
                         properties
  --prp FILE.prp         the properties of an SV-COMP property file
  --data-model MODEL     ILP32 or LP64 (default: the task's, else LP64)
  --semantics READING    how integer arithmetic is read: `c` (default: as clang compiles C, a signed overflow is
                         undefined behaviour), `svcomp` (signed arithmetic is unbounded, unsigned wraps as in C,
                         as SV-COMP's termination tasks mean it), `termcomp` (integers are mathematical, as the
                         Termination Competition's C rules say: no type has a range, unsigned arithmetic is
                         exact, executions in C count only without wrap-arounds; a function that is only
                         declared returns an arbitrary value without side effects, __VERIFIER_nondet_String()
                         fresh memory ending in '\0'). no-overflow is always decided in C
  --timeout SECONDS      time budget for the whole run (default 60)
  --memory MB            memory budget (default 8192)
  --json                 print the results as one JSON document
  --verbose              print progress and statistics on stderr: the time to compile, and the time of each
                         round of engines with what it decided
  --explain              print the evidence behind the verdicts: the size of the symbolic execution graph and,
                         for every loop head, the generalized state (the invariant) in terms of C variables
  --dot FILE             write the symbolic execution graph to FILE in Graphviz form
  --witness-dir DIR      write an SV-COMP witness for each TRUE and FALSE into DIR (which must exist): for a TRUE
                         a YAML 2.0 invariant_set with the proof's loop invariants (witness.yml); for a FALSE YAML 2.0
                         (witness.yml) for unreach-call, no-overflow, valid-deref and valid-free, GraphML 1.0
                         (witness.graphml) for valid-memtrack, valid-memcleanup and termination (the recurrent
                         set at the cycle head); witness-PROPERTY.* when more than one property is decided; none
                         under --semantics termcomp
  --witness-version V    the format of the YAML witnesses: 2.0 (default) or 2.1, where a termination proof's
                         witness also states each loop's ranking function as a loop_transition_invariant
  --smt-log DIR          record each question the engines ask the SMT solver as a file of its own in DIR (created
                         if missing): q000001.smt2 on, the assertions and (check-sat), with the answer Atropos got
                         as its :status; `z3 FILE` replays one. Slow: for finding why a solver misbehaves
  --sarif FILE           write the violations to FILE as SARIF 2.1.0 (for code-scanning services): a rule per
                         property, a result per FALSE at the violation with its trace and inputs
  --html FILE            write a report to FILE that a browser opens offline: the verdicts, the program with
                         each counterexample's steps and each proof's invariants and ranking functions on its
                         lines, and the symbolic execution graph as a picture (Graphviz's dot, where installed)
  --its FILE             write the integer transition system of the graph's cycles (what termination is proven
                         on) to FILE in the Termination Competition's SMT-LIB form (empty when termination is not
                         asked or the graph is not complete)
  --engines LIST         the engines to run, comma-separated (default testing,bmc,symex): `testing` (executions
                         with chosen inputs), `bmc` (bounded model checking; its counterexamples are replayed
                         in any case), `symex` (symbolic execution and termination proofs)
  --cross-check          testing aid: run the proofs and the executions on every property; a proof that an
                         execution contradicts stops atropos with an internal error (exit status 4)
  --list-properties      print the names of the properties, one a line
  --version              print the version
  --help                 print this text

Without --property, --prp or --task, every property is decided.

`atropos its FILE.smt2` decides termination of an integer transition system in the Termination Competition's
SMT-LIB form: the first line is YES, NO or MAYBE, the proof follows.

Output: one line per property, `PROPERTY: TRUE`, `PROPERTY: FALSE`, `valid-memsafety: FALSE(valid-deref)` or
`PROPERTY: UNKNOWN (reason)`, each followed by its evidence on indented lines.

Exit status:
  0  the verdicts were printed (whatever they are)
  1  usage error: unknown option, bad value, no input
  2  input error: a file is missing or unreadable, a task or property file does not parse
  3  the C program does not compile (clang's diagnostics are printed)
  4  internal error (a bug in Atropos: please report it)
)";
  const std::string placeholder = "PROPERTIES";
  text.replace(text.find(placeholder), placeholder.size(), propertyNames(", "));
  return text;
}

namespace {

// A flag's value read into the options; the error's text when the value is not one the flag takes.
using ValueReader = std::optional<std::string> (*)(const std::string& flag, const std::string& value, Options& o);

std::optional<std::string> positiveNumber(const std::string& flag, const std::string& text, double& out) {
  char* end = nullptr;
  out = std::strtod(text.c_str(), &end);
  if (text.empty() || *end != '\0' || !(out > 0))
    return "option '" + flag + "' needs a positive number, not '" + text + "'";
  return std::nullopt;
}

std::optional<std::string> readEngines(const std::string&, const std::string& list, Options& o) {
  o.testing = o.bmc = o.symex = false;
  size_t start = 0;
  while (start <= list.size()) {
    size_t end = list.find(',', start);
    if (end == std::string::npos) end = list.size();
    const std::string name = list.substr(start, end - start);
    if (name == "testing")
      o.testing = true;
    else if (name == "bmc")
      o.bmc = true;
    else if (name == "symex")
      o.symex = true;
    else
      return "unknown engine '" + name + "' (expected testing, bmc or symex)";
    start = end + 1;
  }
  return std::nullopt;
}

std::optional<std::string> readSemantics(const std::string&, const std::string& name, Options& o) {
  std::optional<Semantics> semantics = parseSemanticsName(name);
  if (!semantics) return "unknown semantics '" + name + "' (known: c, svcomp, termcomp)";
  o.semantics = *semantics;
  return std::nullopt;
}

std::optional<std::string> readProperty(const std::string&, const std::string& name, Options& o) {
  std::optional<Property> p = parsePropertyName(name);
  if (!p) return "unknown property '" + name + "' (known: " + propertyNames(", ") + ")";
  o.properties.push_back(*p);
  return std::nullopt;
}

std::optional<std::string> readWitnessVersion(const std::string&, const std::string& version, Options& o) {
  if (version != "2.0" && version != "2.1") return "unknown witness format version '" + version + "' (known: 2.0, 2.1)";
  o.witnessVersion = version;
  return std::nullopt;
}

std::optional<std::string> readDataModel(const std::string&, const std::string& model, Options& o) {
  if (model == "ILP32")
    o.dataModel = frontend::DataModel::ILP32;
  else if (model == "LP64")
    o.dataModel = frontend::DataModel::LP64;
  else
    return "unknown data model '" + model + "' (known: ILP32, LP64)";
  return std::nullopt;
}

std::optional<std::string> readTimeout(const std::string& flag, const std::string& text, Options& o) {
  return positiveNumber(flag, text, o.timeoutSeconds);
}

std::optional<std::string> readMemory(const std::string& flag, const std::string& text, Options& o) {
  double megabytes = 0;
  if (auto error = positiveNumber(flag, text, megabytes)) return error;
  o.memoryMB = static_cast<unsigned>(megabytes);
  return std::nullopt;
}

// A flag whose value is a file or directory name, kept as given.
template <std::string Options::*field>
std::optional<std::string> readName(const std::string&, const std::string& name, Options& o) {
  o.*field = name;
  return std::nullopt;
}

// The flags without a value and the option each sets.
const std::map<std::string, bool Options::*>& switches() {
  static const std::map<std::string, bool Options::*> flags = {
      {"--help", &Options::help},         {"-h", &Options::help},
      {"--version", &Options::version},   {"--list-properties", &Options::listProperties},
      {"--json", &Options::json},         {"--verbose", &Options::verbose},
      {"-v", &Options::verbose},          {"--explain", &Options::explain},
      {"--cross-check", &Options::crossCheck}};
  return flags;
}

// The flags that take a value, as the next argument or after `=`.
const std::map<std::string, ValueReader>& valueFlags() {
  static const std::map<std::string, ValueReader> flags = {
      {"--semantics", readSemantics},
      {"--engines", readEngines},
      {"--task", readName<&Options::taskFile>},
      {"--property", readProperty},
      {"--dot", readName<&Options::dotFile>},
      {"--sarif", readName<&Options::sarifFile>},
      {"--html", readName<&Options::htmlFile>},
      {"--witness-dir", readName<&Options::witnessDir>},
      {"--witness-version", readWitnessVersion},
      {"--its", readName<&Options::itsFile>},
      {"--smt-log", readName<&Options::smtLogDir>},
      {"--prp", readName<&Options::propertyFile>},
      {"--data-model", readDataModel},
      {"--timeout", readTimeout},
      {"--memory", readMemory}};
  return flags;
}

// What the options ask for once every argument is read: an input, unless only help or a list is asked for.
std::optional<std::string> missingOrConflictingInput(const Options& o) {
  if (o.help || o.version || o.listProperties) return std::nullopt;
  if (o.inputFile.empty() && o.taskFile.empty()) return "no input: give a C file or --task TASK.yml (see --help)";
  if (!o.inputFile.empty() && !o.taskFile.empty()) return "give either a C file or --task, not both";
  return std::nullopt;
}

}  // namespace

std::optional<Options> parseOptions(int argc, const char* const* argv, std::string& error) {
  Options o;
  int first = 1;
  if (argc > 1 && std::string(argv[1]) == "its") {
    o.itsCommand = true;
    first = 2;
  }
  for (int i = first; i < argc; ++i) {
    std::string arg = argv[i];
    std::optional<std::string> inlineValue;
    if (arg.rfind("--", 0) == 0)
      if (size_t eq = arg.find('='); eq != std::string::npos) {
        inlineValue = arg.substr(eq + 1);
        arg.resize(eq);
      }
    if (auto flag = switches().find(arg); flag != switches().end()) {
      o.*(flag->second) = true;
    } else if (auto reader = valueFlags().find(arg); reader != valueFlags().end()) {
      if (!inlineValue && i + 1 >= argc) {
        error = "option '" + arg + "' needs a value";
        return std::nullopt;
      }
      const std::string value = inlineValue ? *inlineValue : std::string(argv[++i]);
      if (std::optional<std::string> why = reader->second(arg, value, o)) {
        error = *why;
        return std::nullopt;
      }
    } else if (!arg.empty() && arg[0] == '-' && arg != "-") {
      error = "unknown option '" + arg + "' (see --help)";
      return std::nullopt;
    } else if (o.inputFile.empty()) {
      o.inputFile = arg;
    } else {
      error = "more than one input file ('" + o.inputFile + "', '" + arg + "')";
      return std::nullopt;
    }
  }
  if (std::optional<std::string> why = missingOrConflictingInput(o)) {
    error = *why;
    return std::nullopt;
  }
  return o;
}

}  // namespace atropos::driver
