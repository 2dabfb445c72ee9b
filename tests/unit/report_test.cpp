// Unit tests of the HTML report on outcomes made by hand: what the page holds for each kind of verdict, and that
// the program's text and the evidence are escaped. The browser tests (tests/report) open real reports.
#include "report/report.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <sstream>

namespace atropos {
namespace {

class HtmlReport : public ::testing::Test {
 protected:
  void SetUp() override {
    char name[] = "/tmp/atropos-report-test-XXXXXX.c";
    const int fd = mkstemps(name, 2);
    ASSERT_GE(fd, 0);
    close(fd);
    path_ = name;
    std::ofstream(path_) << "int main(void) {\n  int i = 0;\n  while (i < 10) i++;\n  return i;\n}\n";
  }
  void TearDown() override { unlink(path_.c_str()); }
  std::string html(const std::vector<Outcome>& outcomes, const report::HtmlEvidence& evidence = {}) {
    std::ostringstream out;
    report::printHtml(out, report::ReportContext{path_, "LP64", Semantics::C, {}}, outcomes, evidence);
    return out.str();
  }
  SourceLocation at(unsigned line) const { return SourceLocation{path_, line, 3, "main"}; }
  std::string path_;
};

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST_F(HtmlReport, CounterexampleStepsOnTheSource) {
  Outcome o;
  o.property = Property::NoOverflow;
  o.verdict = Verdict::False;
  Counterexample cex;
  cex.violation = "overflow of i < j";
  cex.location = at(3);
  NondetInput in;
  in.origin = "__VERIFIER_nondet_int";
  in.bits = 32;
  in.isSigned = true;
  in.fromCall = true;
  in.value = 7;
  cex.inputs = {in};
  TraceStep first{at(2), TraceStep::Entry::Next, 0, 1, 0, {}};
  TraceStep second{at(3), TraceStep::Entry::Call, 1, 0, 4, {3}};
  cex.trace = {first, second};
  o.counterexample = cex;
  const std::string page = html({o});
  EXPECT_TRUE(contains(page, "data-property=\"no-overflow\" data-verdict=\"FALSE\""));
  EXPECT_TRUE(contains(page, "<li class=\"step line\" data-step=\"1\" data-line=\"2\" data-kind=\"line\">"));
  EXPECT_TRUE(contains(page, "data-step=\"2\" data-line=\"3\" data-kind=\"violation\""));
  EXPECT_TRUE(contains(page, "__VERIFIER_nondet_int() = 7"));
  EXPECT_TRUE(contains(page, "branch taken to line 4 (not to line 3)"));
  EXPECT_TRUE(contains(page, "<tr class=\"line violation\" id=\"L3\">"));
  EXPECT_TRUE(contains(page, "overflow of i &lt; j"));
  EXPECT_TRUE(contains(page, "while (i &lt; 10) i++;"));  // the program's text, escaped
  EXPECT_FALSE(contains(page, "while (i < 10)"));
  EXPECT_TRUE(contains(page, "id=\"next-step\""));
  EXPECT_TRUE(contains(page, "no symbolic execution graph") || contains(page, "id=\"graph-absent\""));
}

TEST_F(HtmlReport, ProofAtTheLoopHead) {
  Outcome o;
  o.property = Property::Termination;
  o.verdict = Verdict::True;
  o.invariants = {LoopInvariant{at(3), "i >= 0 && i <= 10"}};
  o.rankings = {LoopRanking{at(3), {LoopRanking::Component{"-(long long)i", 10}}}};
  ProofExplanation explanation;
  explanation.terminationAsked = explanation.terminationProven = true;
  explanation.terminationParts = {{{}, "under invariants\n"}, {{at(3)}, "cycle through main:3: linear\n"}};
  report::HtmlEvidence evidence;
  evidence.explanation = &explanation;
  const std::string page = html({o}, evidence);
  EXPECT_TRUE(contains(page, "<div class=\"annotation ranking\" data-line=\"3\">"));
  EXPECT_TRUE(contains(page, "-(long long)i + 10"));
  EXPECT_TRUE(contains(page, "<div class=\"annotation invariant\" data-line=\"3\">"));
  EXPECT_TRUE(contains(page, "i &gt;= 0 &amp;&amp; i &lt;= 10"));
  EXPECT_TRUE(contains(page, "<div class=\"proof-cycle\"><a class=\"loc\" href=\"#L3\">main:3</a>"));
  EXPECT_TRUE(contains(page, "<div class=\"proof-note\">"));
}

TEST_F(HtmlReport, UnknownReasonLinkedToItsLine) {
  Outcome o = Outcome::unknown(Property::Termination, "no ranking function for the loop <here>");
  o.reasonPlaces = {at(3), at(3), SourceLocation{"/elsewhere.h", 9, 1, "f"}};
  const std::string page = html({o});
  EXPECT_TRUE(contains(page, "<a class=\"reason-link\" href=\"#L3\">main:3</a>"));
  EXPECT_EQ(page.find("class=\"reason-link\" href=\"#L3\""), page.rfind("class=\"reason-link\" href=\"#L3\""));
  EXPECT_TRUE(contains(page, "<span class=\"reason-link\">/elsewhere.h:9</span>"));  // another file: no link
  EXPECT_TRUE(contains(page, "<div class=\"annotation reason\" data-line=\"3\">"));
  EXPECT_TRUE(contains(page, "loop &lt;here&gt;"));
}

TEST_F(HtmlReport, GraphPictureOrWhyNot) {
  GraphEvidence graph;
  GraphEvidence::State state;
  state.id = 0;
  state.at = at(3);
  graph.states = {state};
  report::HtmlEvidence evidence;
  evidence.graph = &graph;
  evidence.graphProblem = "Graphviz's dot is not installed";
  const std::string missing = html({Outcome::unknown(Property::Termination, "x")}, evidence);
  EXPECT_TRUE(contains(missing, "<p id=\"graph-missing\">"));
  EXPECT_TRUE(contains(missing, "dot is not installed"));
  evidence.graphSvg = "<svg viewBox=\"0 0 10 10\"><g class=\"node\"></g></svg>";
  const std::string drawn = html({Outcome::unknown(Property::Termination, "x")}, evidence);
  EXPECT_TRUE(contains(drawn, "<div id=\"graph\"><svg viewBox=\"0 0 10 10\">"));
  EXPECT_TRUE(contains(drawn, "id=\"zoom-in\""));
}

// Graphviz's layout (the Debian package graphviz, which the set-up installs): each state links to its line; at the
// deadline dot is stopped and the reason says so.
TEST_F(HtmlReport, GraphvizLaysOutTheGraphWithLinks) {
  GraphEvidence graph;
  for (size_t id = 0; id < 2; ++id) {
    GraphEvidence::State state;
    state.id = id;
    state.at = at(static_cast<unsigned>(2 + id));
    graph.states.push_back(state);
  }
  graph.edges = {{0, 1, GraphEvidence::Step::Evaluation}};
  std::string why;
  const std::optional<std::string> svg =
      report::renderGraphSvg(graph, path_, Deadline::in(std::chrono::seconds(30)), why);
  ASSERT_TRUE(svg) << why;
  EXPECT_EQ(svg->rfind("<svg", 0), 0u);
  EXPECT_TRUE(contains(*svg, "href=\"#L2\""));
  EXPECT_TRUE(contains(*svg, "href=\"#L3\""));
  EXPECT_TRUE(contains(*svg, "id=\"state1\""));
  EXPECT_FALSE(report::renderGraphSvg(graph, path_, Deadline::in(std::chrono::seconds(0)), why));
  EXPECT_TRUE(contains(why, "time budget")) << why;
}

}  // namespace
}  // namespace atropos
