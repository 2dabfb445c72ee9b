#include "driver/options.h"

#include <cstdlib>

namespace atropos::driver {

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
  --verbose              print progress and statistics on stderr
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
  --sarif FILE           write the violations to FILE as SARIF 2.1.0 (for code-scanning services): a rule per
                         property, a result per FALSE at the violation with its trace and inputs
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

std::optional<Options> parseOptions(int argc, const char* const* argv, std::string& error) {
  Options o;
  auto value = [&](int& i, const std::string& flag) -> std::optional<std::string> {
    if (i + 1 >= argc) {
      error = "option '" + flag + "' needs a value";
      return std::nullopt;
    }
    return std::string(argv[++i]);
  };
  auto number = [&](const std::string& flag, const std::string& text, double& out) {
    char* end = nullptr;
    out = std::strtod(text.c_str(), &end);
    if (text.empty() || *end != '\0' || !(out > 0)) {
      error = "option '" + flag + "' needs a positive number, not '" + text + "'";
      return false;
    }
    return true;
  };
  int first = 1;
  if (argc > 1 && std::string(argv[1]) == "its") {
    o.itsCommand = true;
    first = 2;
  }
  for (int i = first; i < argc; ++i) {
    std::string arg = argv[i];
    std::string inlineValue;
    bool hasInline = false;
    if (arg.rfind("--", 0) == 0) {
      if (auto eq = arg.find('='); eq != std::string::npos) {
        inlineValue = arg.substr(eq + 1);
        arg = arg.substr(0, eq);
        hasInline = true;
      }
    }
    auto get = [&]() -> std::optional<std::string> {
      if (hasInline) return inlineValue;
      return value(i, arg);
    };
    if (arg == "--help" || arg == "-h") {
      o.help = true;
    } else if (arg == "--version") {
      o.version = true;
    } else if (arg == "--list-properties") {
      o.listProperties = true;
    } else if (arg == "--semantics") {
      auto v = get();
      if (!v) return std::nullopt;
      auto semantics = parseSemanticsName(*v);
      if (!semantics) {
        error = "unknown semantics '" + *v + "' (known: c, svcomp, termcomp)";
        return std::nullopt;
      }
      o.semantics = *semantics;
    } else if (arg == "--json") {
      o.json = true;
    } else if (arg == "--verbose" || arg == "-v") {
      o.verbose = true;
    } else if (arg == "--explain") {
      o.explain = true;
    } else if (arg == "--engines") {
      auto v = value(i, arg);
      if (!v) return std::nullopt;
      o.testing = o.bmc = o.symex = false;
      size_t start = 0;
      while (start <= v->size()) {
        size_t end = v->find(',', start);
        if (end == std::string::npos) end = v->size();
        std::string name = v->substr(start, end - start);
        if (name == "testing") o.testing = true;
        else if (name == "bmc") o.bmc = true;
        else if (name == "symex") o.symex = true;
        else {
          error = "unknown engine '" + name + "' (expected testing, bmc or symex)";
          return std::nullopt;
        }
        start = end + 1;
      }
    } else if (arg == "--cross-check") {
      o.crossCheck = true;
    } else if (arg == "--task") {
      auto v = get();
      if (!v) return std::nullopt;
      o.taskFile = *v;
    } else if (arg == "--property") {
      auto v = get();
      if (!v) return std::nullopt;
      auto p = parsePropertyName(*v);
      if (!p) {
        error = "unknown property '" + *v + "' (known: " + propertyNames(", ") + ")";
        return std::nullopt;
      }
      o.properties.push_back(*p);
    } else if (arg == "--dot") {
      auto v = get();
      if (!v) return std::nullopt;
      o.dotFile = *v;
    } else if (arg == "--sarif") {
      auto v = get();
      if (!v) return std::nullopt;
      o.sarifFile = *v;
    } else if (arg == "--witness-dir") {
      auto v = get();
      if (!v) return std::nullopt;
      o.witnessDir = *v;
    } else if (arg == "--witness-version") {
      auto v = get();
      if (!v) return std::nullopt;
      if (*v != "2.0" && *v != "2.1") {
        error = "unknown witness format version '" + *v + "' (known: 2.0, 2.1)";
        return std::nullopt;
      }
      o.witnessVersion = *v;
    } else if (arg == "--its") {
      auto v = get();
      if (!v) return std::nullopt;
      o.itsFile = *v;
    } else if (arg == "--prp") {
      auto v = get();
      if (!v) return std::nullopt;
      o.propertyFile = *v;
    } else if (arg == "--data-model") {
      auto v = get();
      if (!v) return std::nullopt;
      if (*v == "ILP32") o.dataModel = frontend::DataModel::ILP32;
      else if (*v == "LP64") o.dataModel = frontend::DataModel::LP64;
      else {
        error = "unknown data model '" + *v + "' (known: ILP32, LP64)";
        return std::nullopt;
      }
    } else if (arg == "--timeout") {
      auto v = get();
      if (!v || !number(arg, *v, o.timeoutSeconds)) return std::nullopt;
    } else if (arg == "--memory") {
      auto v = get();
      double mb;
      if (!v || !number(arg, *v, mb)) return std::nullopt;
      o.memoryMB = static_cast<unsigned>(mb);
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
  if (o.help || o.version || o.listProperties) return o;
  if (o.inputFile.empty() && o.taskFile.empty()) {
    error = "no input: give a C file or --task TASK.yml (see --help)";
    return std::nullopt;
  }
  if (!o.inputFile.empty() && !o.taskFile.empty()) {
    error = "give either a C file or --task, not both";
    return std::nullopt;
  }
  return o;
}

}  // namespace atropos::driver
