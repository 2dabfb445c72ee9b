// The command line of `atropos`.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "common/checks.h"
#include "common/property.h"
#include "frontend/frontend.h"

namespace atropos::smt {
class QueryLog;
}

namespace atropos::driver {

// Exit statuses, documented in --help and the README.
enum ExitStatus : int {
  kExitOk = 0,            // verdicts were printed (whatever they are)
  kExitUsage = 1,         // unknown flag, bad value, no input
  kExitInput = 2,         // missing or unreadable file, task or property file that does not parse
  kExitCompile = 3,       // the C program does not compile
  kExitInternal = 4,      // a bug in Atropos
};

struct Options {
  std::string inputFile;  // FILE.c or FILE.i
  std::string taskFile;   // TASK.yml
  std::vector<Property> properties;
  std::string propertyFile;
  std::optional<frontend::DataModel> dataModel;
  Semantics semantics = Semantics::C;
  double timeoutSeconds = 60;
  unsigned memoryMB = 8192;
  bool json = false;
  bool verbose = false;
  bool explain = false;   // print the proof's evidence (the symbolic execution graph's invariants)
  std::string dotFile;    // write the symbolic execution graph as Graphviz
  std::string sarifFile;   // write the violations as SARIF 2.1.0
  std::string htmlFile;    // write the report as one HTML page
  std::string witnessDir;  // write SV-COMP witnesses for the verdicts into this directory
  std::string witnessVersion = "2.0";  // of the YAML witnesses (2.1 adds the ranking functions of termination proofs)
  std::string itsFile;    // write the termination ITS of the symbolic execution graph (SMT-LIB)
  std::string smtLogDir;  // record every solver question as an SMT-LIB file in this directory
  bool crossCheck = false;  // testing aid: proofs and executions on every property, a contradiction is a bug
  // The engines the portfolio may run (--engines): executions with chosen inputs, bounded model checking, symbolic
  // execution. A counterexample of bounded model checking is replayed whichever are chosen.
  bool testing = true;
  bool bmc = true;
  bool symex = true;
  bool help = false;
  bool version = false;
  bool listProperties = false;
  bool itsCommand = false;  // `atropos its FILE.smt2`: termination of an integer transition system
};

// The record of solver questions that --smt-log asks for (null without it); on failure null and a one-line `error`.
std::shared_ptr<smt::QueryLog> openSmtLog(const Options& options, std::string& error);

// Parses argv; on failure returns nullopt and sets `error` to a one-line message.
std::optional<Options> parseOptions(int argc, const char* const* argv, std::string& error);
std::string helpText();

}  // namespace atropos::driver
