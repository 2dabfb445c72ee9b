// Verdicts and their evidence, for a person (text) or a program (JSON).
#pragma once

#include <map>
#include <ostream>
#include <string>
#include <vector>

#include "common/checks.h"
#include "common/property.h"

namespace atropos::driver {

struct ReportContext {
  std::string inputFile;
  std::string dataModel;
  Semantics semantics = Semantics::C;  // the reading of integer arithmetic (no-overflow is always decided in C)
  std::map<Property, std::string> witnessFiles;  // the witness written for a verdict
};

// `PROPERTY: VERDICT`, then the evidence on indented lines.
void printText(std::ostream& out, const ReportContext& context, const std::vector<Outcome>& outcomes);
void printJson(std::ostream& out, const ReportContext& context, const std::vector<Outcome>& outcomes);
// SARIF 2.1.0: one run, a rule per property (valid-memsafety's parts apart), one result per FALSE at the violation,
// its trace as a code flow with the nondet values in the states. TRUE and UNKNOWN give no result.
void printSarif(std::ostream& out, const ReportContext& context, const std::vector<Outcome>& outcomes,
                const std::string& toolVersion);
// The verdict line without the evidence, e.g. `valid-memsafety: FALSE(valid-deref)`.
std::string verdictLine(const Outcome& outcome);

}  // namespace atropos::driver
