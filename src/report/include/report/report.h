// Verdicts and their evidence rendered for a person (text, --explain, Graphviz, HTML), a program (JSON) or a code-scanning
// service (SARIF). The engines decide and hand over values (property.h, evidence.h); only this component writes
// them down (SV-COMP's witness formats are the witness component's).
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "common/checks.h"
#include "common/deadline.h"
#include "common/evidence.h"
#include "common/property.h"

namespace atropos::report {

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
// The symbolic execution's account of its proof attempt (--explain): the graph's size, the error states left, the
// generalized state at every loop head, the invariant that excluded error states, the termination proof.
void printExplanation(std::ostream& out, const ProofExplanation& explanation);
// The symbolic execution graph in Graphviz form: a box per state (merged states with their facts, error states in
// red, reach_error() in orange), dashed refinements, dotted links from an instance to the state it instantiates.
void printDot(std::ostream& out, const GraphEvidence& graph);
// What the HTML report shows beside the outcomes, where the symbolic execution ran.
struct HtmlEvidence {
  const ProofExplanation* explanation = nullptr;
  const GraphEvidence* graph = nullptr;
  std::optional<std::string> graphSvg;  // the graph as renderGraphSvg laid it out
  std::string graphProblem;             // why there is no graph, or no picture of it
};
// One self-contained page (style and script inline, nothing fetched): the verdicts with their readings, the program
// with line numbers, each counterexample as numbered steps on its lines (calls, returns, branches, inputs) with
// controls and keys to go through them, the proofs on the lines they speak of (invariants, ranking functions, the
// termination proof's cycles, a recurrent set), each UNKNOWN's places, and the graph with pan and zoom.
void printHtml(std::ostream& out, const ReportContext& context, const std::vector<Outcome>& outcomes,
               const HtmlEvidence& evidence);
// Graphs of more states are not drawn: Graphviz's layout and the browser would take too long.
inline constexpr size_t kMaxStatesDrawn = 2500;
// The graph laid out by Graphviz's dot as SVG, each state linked to its line of `inputFile` (`#L<line>`); nullopt,
// and why, where dot is missing, fails or runs past the deadline, or the graph is too large.
std::optional<std::string> renderGraphSvg(const GraphEvidence& graph, const std::string& inputFile,
                                          const Deadline& deadline, std::string& why);
// The verdict line without the evidence, e.g. `valid-memsafety: FALSE(valid-deref)`.
std::string verdictLine(const Outcome& outcome);

}  // namespace atropos::report
