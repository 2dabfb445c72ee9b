// What the report's renderers share: the graph in Graphviz form (--dot and the HTML report), ranking functions as text.
#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "common/evidence.h"

namespace atropos::report {

// printDot's graph; where `link` gives a state a non-empty target, its box links there (Graphviz's href) and gets
// the id `state<N>`.
void writeDot(std::ostream& out, const GraphEvidence& graph,
              const std::function<std::string(const GraphEvidence::State&)>& link);
// A ranking function's component as a reader wants it: the variables' part, then the constant.
std::string rankingText(const LoopRanking::Component& c);
// What a generalized state of the explanation stands at: "loop head", "entry of a recursive function", ...
std::string headKindName(ProofExplanation::HeadState::Kind kind);
// The lines of a file's text, without their line breaks.
std::vector<std::string> textLines(const std::string& text);

}  // namespace atropos::report
