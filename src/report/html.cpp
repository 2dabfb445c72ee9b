// The HTML report (--html): one file, its style and script inline, that a browser opens offline.
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <thread>

#include "common/text.h"
#include "render.h"
#include "report/report.h"

extern char** environ;

namespace atropos::report {

namespace {

std::string verdictClass(Verdict v) { return v == Verdict::True ? "true" : v == Verdict::False ? "false" : "unknown"; }

// The input file's lines, and whether a location lies in it (debug information may name it otherwise: relative,
// absolute, through a link).
class InputSource {
 public:
  explicit InputSource(const std::string& path) : path_(path) {
    std::string text;
    if (readFile(path, text)) lines_ = textLines(text);
  }
  const std::vector<std::string>& lines() const { return lines_; }
  bool holds(const SourceLocation& at) {
    if (!at.known() || at.line > lines_.size()) return false;
    if (at.file.empty() || at.file == path_) return true;
    auto [it, fresh] = sameFile_.try_emplace(at.file, false);
    if (fresh) {
      std::error_code error;
      it->second = std::filesystem::equivalent(at.file, path_, error);
    }
    return it->second;
  }

 private:
  std::string path_;
  std::vector<std::string> lines_;
  std::map<std::string, bool> sameFile_;
};

// What the report puts on a source line besides its text.
struct LineNotes {
  struct Mark {
    size_t trace = 0;
    size_t step = 0;
  };
  std::vector<Mark> marks;                // counterexample steps on the line
  std::vector<std::string> annotations;   // HTML of `.annotation` elements
  bool violation = false;
};

class HtmlWriter {
 public:
  HtmlWriter(std::ostream& out, const ReportContext& context, const std::vector<Outcome>& outcomes,
             const HtmlEvidence& evidence)
      : out_(out), context_(context), outcomes_(outcomes), evidence_(evidence), source_(context.inputFile) {}

  void write() {
    collectAnnotations();
    std::ostringstream panels;
    writeCounterexamples(panels);
    writeProofs(panels);
    writeGraph(panels);
    writeHead();
    writeVerdicts();
    out_ << "<main>\n<div id=\"source-view\">\n";
    writeSource();
    out_ << "</div>\n<div id=\"panels\">\n" << panels.str() << "</div>\n</main>\n";
    writeScript();
    out_ << "</body>\n</html>\n";
  }

 private:
  // A link to the line, written as `function:line` (or `line N` outside any function); plain text where the
  // location is not in the input file.
  std::string lineLink(const SourceLocation& at, const std::string& cssClass = "loc") {
    std::string text = at.function.empty() ? "line " + std::to_string(at.line)
                                           : at.function + ":" + std::to_string(at.line);
    if (!source_.holds(at)) {
      const std::string file = at.file.empty() ? context_.inputFile : at.file;
      return "<span class=\"" + cssClass + "\">" + markupEscaped(file + ":" + std::to_string(at.line)) + "</span>";
    }
    return "<a class=\"" + cssClass + "\" href=\"#L" + std::to_string(at.line) + "\">" + markupEscaped(text) + "</a>";
  }
  void annotate(const SourceLocation& at, const std::string& kind, const std::string& label, const std::string& body) {
    if (!source_.holds(at)) return;
    notes_[at.line].annotations.push_back("<div class=\"annotation " + kind + "\" data-line=\"" +
                                          std::to_string(at.line) + "\"><span class=\"label\">" + markupEscaped(label) +
                                          "</span> " + body + "</div>");
  }

  void collectAnnotations() {
    for (const Outcome& o : outcomes_) {
      const std::string property(propertyName(o.property));
      for (const LoopInvariant& inv : o.invariants)
        annotate(inv.head, "invariant", "invariant (" + property + ")", "<code>" + markupEscaped(inv.expression) + "</code>");
      for (const LoopRanking& r : o.rankings) {
        std::string tuple;
        for (size_t k = 0; k < r.components.size(); ++k)
          tuple += (k ? ", " : "") + rankingText(r.components[k]);
        annotate(r.head, "ranking", r.components.size() > 1 ? "ranking function (lexicographic)" : "ranking function",
                 "<code>" + markupEscaped(r.components.size() > 1 ? "(" + tuple + ")" : tuple) + "</code>");
      }
      if (o.counterexample && o.counterexample->recurrence) {
        const auto& r = *o.counterexample->recurrence;
        std::string states;
        for (const std::string& state : r.states) states += "<code>" + markupEscaped(state) + "</code><br>";
        annotate(r.head, "recurrent-set",
                 std::string("recurrent set") + (r.enteredFunction.empty() ? "" : " (entering " + r.enteredFunction + ")") +
                     (r.complete ? "" : " (partial)") + ": every visit here is in one of these states",
                 states);
      }
      if (o.counterexample && source_.holds(o.counterexample->location)) {
        notes_[o.counterexample->location.line].violation = true;
        annotate(o.counterexample->location, "violation-note", property + " violated",
                 markupEscaped(o.counterexample->violation));
      }
      if (o.verdict == Verdict::Unknown)
        for (const SourceLocation& at : distinctPlaces(o.reasonPlaces))
          annotate(at, "reason", property + " UNKNOWN", markupEscaped(o.reason));
    }
    if (const ProofExplanation* e = evidence_.explanation) {
      for (const ProofExplanation::HeadState& head : e->heads)
        annotate(head.at, "invariant", headKindName(head.kind) + ": generalized state", factsHtml(head.facts));
      for (const ProofExplanation::Invariant& inv : e->unreachability)
        annotate(inv.at, "invariant", "invariant excluding the error states", "<code>" + markupEscaped(inv.formula) + "</code>");
      for (const ProofExplanation::TerminationPart& part : e->terminationParts)
        if (!part.through.empty())
          annotate(part.through.front(), "proof-step",
                   e->terminationProven ? "termination proof step" : "termination not proven",
                   "<pre>" + markupEscaped(part.text) + "</pre>");
    }
  }
  static std::vector<SourceLocation> distinctPlaces(const std::vector<SourceLocation>& places) {
    std::vector<SourceLocation> out;
    for (const SourceLocation& at : places)
      if (std::none_of(out.begin(), out.end(), [&](const SourceLocation& o) { return o.line == at.line && o.file == at.file; }))
        out.push_back(at);
    return out;
  }
  static std::string factsHtml(const Facts& facts) {
    if (facts.empty()) return "<code>true</code>";
    std::string html;
    for (const std::string& f : facts) html += "<code>" + markupEscaped(f) + "</code><br>";
    return html;
  }

  void writeHead() {
    const std::string name = std::filesystem::path(context_.inputFile).filename().string();
    out_ << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
         << "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
            "script-src 'unsafe-inline'; img-src data:\">\n"
         << "<title>Atropos: " << markupEscaped(name) << "</title>\n<style>\n" << kStyle << "</style>\n</head>\n<body>\n";
  }

  void writeVerdicts() {
    out_ << "<header>\n<h1>Atropos <span class=\"file\">" << markupEscaped(context_.inputFile) << "</span></h1>\n"
         << "<p class=\"context\">data model " << markupEscaped(context_.dataModel) << ", semantics "
         << markupEscaped(semanticsName(context_.semantics)) << " (" << markupEscaped(semanticsDescription(context_.semantics))
         << ")</p>\n<section id=\"verdicts\">\n";
    for (const Outcome& o : outcomes_) {
      const std::string property(propertyName(o.property));
      std::string verdict(verdictName(o.verdict));
      out_ << "<div class=\"verdict " << verdictClass(o.verdict) << "\" data-property=\"" << property
           << "\" data-verdict=\"" << verdict << "\"><span class=\"badge\">" << verdict
           << (o.violatedPart ? "(" + std::string(memsafetyPartName(*o.violatedPart)) + ")" : "") << "</span> <b>"
           << property << "</b> <span class=\"reading\">read as "
           << semanticsName(readingFor(o.property, context_.semantics)) << "</span>\n<div class=\"reason\">"
           << markupEscaped(o.reason.empty() ? "no engine decided it" : o.reason)
           << (o.engine.empty() ? "" : " <span class=\"engine\">[" + markupEscaped(o.engine) + "]</span>");
      if (o.verdict == Verdict::Unknown)
        for (const SourceLocation& at : distinctPlaces(o.reasonPlaces)) out_ << " " << lineLink(at, "reason-link");
      if (o.verdict == Verdict::False && o.counterexample)
        out_ << " <a href=\"#cex-" << property << "\">counterexample</a>";
      if (auto w = context_.witnessFiles.find(o.property); w != context_.witnessFiles.end())
        out_ << " <span class=\"witness\">witness: " << markupEscaped(w->second) << "</span>";
      out_ << "</div></div>\n";
    }
    out_ << "</section>\n</header>\n";
  }

  void writeSource() {
    out_ << "<table id=\"source\">\n";
    const std::vector<std::string>& lines = source_.lines();
    for (size_t i = 0; i < lines.size(); ++i) {
      const unsigned number = static_cast<unsigned>(i + 1);
      auto it = notes_.find(number);
      const LineNotes* notes = it == notes_.end() ? nullptr : &it->second;
      out_ << "<tr class=\"line" << (notes && notes->violation ? " violation" : "") << "\" id=\"L" << number
           << "\"><td class=\"ln\">" << number << "</td><td class=\"marks\">";
      if (notes)
        for (size_t k = 0; k < notes->marks.size(); ++k)
          out_ << "<span class=\"step-mark" << (k >= kMarksShown ? " extra" : "") << "\" data-trace=\""
               << notes->marks[k].trace << "\" data-step=\"" << notes->marks[k].step << "\">" << notes->marks[k].step
               << "</span>";
      out_ << "</td><td class=\"code\"><span class=\"text\">" << markupEscaped(lines[i]) << "</span>";
      if (notes)
        for (const std::string& annotation : notes->annotations) out_ << annotation;
      out_ << "</td></tr>\n";
    }
    out_ << "</table>\n";
    if (lines.empty()) out_ << "<p class=\"missing\">The source file could not be read.</p>\n";
  }

  void writeCounterexamples(std::ostream& out) {
    size_t traceIndex = 0;
    for (const Outcome& o : outcomes_) {
      if (!o.counterexample) continue;
      const Counterexample& cex = *o.counterexample;
      const std::string property(propertyName(o.property));
      out << "<section class=\"counterexample\" id=\"cex-" << property << "\">\n<h2>Counterexample: " << property
          << "</h2>\n<p class=\"violation-text\">" << lineLink(cex.location) << " " << markupEscaped(cex.violation)
          << "</p>\n";
      if (cex.trace.empty()) {
        writeInputs(out, cex, 0, cex.inputs.size(), "inputs (no trace of the execution)");
        continue;
      }
      // One pair of controls: they move through the trace last clicked (the first at the start).
      if (traceIndex == 0)
        out << "<div class=\"controls\"><button id=\"prev-step\" title=\"previous step (p, up)\">&#9650; previous"
               "</button><button id=\"next-step\" title=\"next step (n, down)\">next &#9660;</button> <span "
               "class=\"hint\">keys: n / p, arrows, Home, End</span></div>\n";
      if (cex.traceDropped)
        out << "<p class=\"dropped\">" << cex.traceDropped << " earlier source lines are left out.</p>\n";
      writeInputs(out, cex, 0, cex.trace.front().firstInput, "drawn before the first step shown");
      out << "<ol class=\"trace\" data-property=\"" << property << "\" data-trace=\"" << traceIndex << "\">\n";
      for (size_t k = 0; k < cex.trace.size(); ++k) writeStep(out, cex, k, traceIndex);
      out << "</ol>\n";
      if (cex.loopInputsStart)
        out << "<p class=\"loop-note\">From input " << *cex.loopInputsStart + 1
            << " on, the inputs are drawn by one period of a cycle that repeats forever.</p>\n";
      out << "</section>\n";
      ++traceIndex;
    }
  }
  void writeInputs(std::ostream& out, const Counterexample& cex, size_t from, size_t to, const std::string& title) {
    if (from >= to) return;
    out << "<div class=\"early-inputs\"><span class=\"label\">" << markupEscaped(title) << ":</span>";
    for (size_t k = from; k < to && k < cex.inputs.size(); ++k) out << " " << inputHtml(cex, k);
    out << "</div>\n";
  }
  // A step shows the start of a long line (a macro's expansion in a preprocessed file); the source has all of it.
  static std::string shortened(std::string_view line) {
    constexpr size_t kShown = 160;
    if (line.size() <= kShown) return std::string(line);
    size_t cut = kShown;
    while (cut > 0 && (static_cast<unsigned char>(line[cut]) & 0xC0) == 0x80) --cut;  // not inside a UTF-8 character
    return std::string(line.substr(0, cut)) + " \u2026";
  }
  static std::string inputHtml(const Counterexample& cex, size_t k) {
    const NondetInput& in = cex.inputs[k];
    return "<span class=\"input\" title=\"input " + std::to_string(k + 1) + "\">" +
           markupEscaped(nondetInputOrigin(in) + " = " + nondetInputValue(in)) + "</span>";
  }
  void writeStep(std::ostream& out, const Counterexample& cex, size_t k, size_t traceIndex) {
    const TraceStep& step = cex.trace[k];
    const bool last = k + 1 == cex.trace.size();
    const bool atViolation = last && step.at.line == cex.location.line && step.at.file == cex.location.file;
    const std::string kind = atViolation                                ? "violation"
                             : step.entry == TraceStep::Entry::Call   ? "call"
                             : step.entry == TraceStep::Entry::Return ? "return"
                                                                       : "line";
    const bool inInput = source_.holds(step.at);
    if (inInput) notes_[step.at.line].marks.push_back({traceIndex, k + 1});
    out << "<li class=\"step " << kind << "\" data-step=\"" << k + 1 << "\" data-line=\""
        << (inInput ? step.at.line : 0) << "\" data-kind=\"" << kind << "\">" << lineLink(step.at);
    if (step.entry == TraceStep::Entry::Call) out << " <span class=\"entry\">call of " << markupEscaped(step.at.function) << "</span>";
    if (step.entry == TraceStep::Entry::Return)
      out << " <span class=\"entry\">return to " << markupEscaped(step.at.function) << "</span>";
    const std::vector<std::string>& lines = source_.lines();
    if (inInput) out << " <code>" << markupEscaped(shortened(trim(lines[step.at.line - 1]))) << "</code>";
    for (size_t i = step.firstInput; i < step.firstInput + step.inputCount && i < cex.inputs.size(); ++i)
      out << " " << inputHtml(cex, i);
    if (step.branchTo) {
      out << " <span class=\"branch\">branch taken to line " << step.branchTo;
      if (!step.branchNotTaken.empty()) {
        // A switch of many cases names a few of the others.
        constexpr size_t kOthersShown = 5;
        const size_t others = step.branchNotTaken.size(), shown = std::min(others, kOthersShown);
        out << " (not to line";
        for (size_t i = 0; i < shown; ++i)
          out << (i ? ", " : " ") << (step.branchNotTaken[i] ? std::to_string(step.branchNotTaken[i]) : "?");
        if (others > shown) out << " or " << others - shown << " other lines";
        out << ")";
      }
      out << "</span>";
    }
    if (atViolation) out << " <span class=\"violation-text\">" << markupEscaped(cex.violation) << "</span>";
    out << "</li>\n";
  }

  void writeProofs(std::ostream& out) {
    bool any = false;
    auto begin = [&] {
      if (!any) out << "<section id=\"proof\">\n<h2>Proofs and the symbolic execution's account</h2>\n";
      any = true;
    };
    for (const Outcome& o : outcomes_) {
      if (o.verdict != Verdict::True || (o.invariants.empty() && o.rankings.empty())) continue;
      begin();
      out << "<h3>" << propertyName(o.property) << ": TRUE</h3>\n<ul class=\"proof-facts\">\n";
      for (const LoopInvariant& inv : o.invariants)
        out << "<li>invariant at " << lineLink(inv.head) << ": <code>" << markupEscaped(inv.expression) << "</code></li>\n";
      for (const LoopRanking& r : o.rankings) {
        out << "<li>ranking function at " << lineLink(r.head) << ":";
        for (size_t k = 0; k < r.components.size(); ++k) out << (k ? ", " : " ") << "<code>" << markupEscaped(rankingText(r.components[k])) << "</code>";
        out << "</li>\n";
      }
      out << "</ul>\n";
    }
    const ProofExplanation* e = evidence_.explanation;
    if (!e) {
      if (any) out << "</section>\n";
      return;
    }
    begin();
    out << "<p class=\"graph-summary\">symbolic execution graph: " << e->states << " states"
        << (e->complete ? "" : " (incomplete: " + markupEscaped(e->incompleteReason) + ")") << ", " << e->solverQueries
        << " solver queries</p>\n";
    for (const ProofExplanation::ErrorState& error : e->errors)
      out << "<p class=\"error-state\">error state (" << markupEscaped(error.check) << ") at " << lineLink(error.at) << ": "
          << markupEscaped(error.message) << "</p>\n";
    if (e->terminationAsked) {
      out << "<h3>Termination " << (e->terminationProven ? "proof" : "not proven") << "</h3>\n";
      for (const ProofExplanation::TerminationPart& part : e->terminationParts) {
        out << "<div class=\"" << (part.through.empty() ? "proof-note" : "proof-cycle") << "\">";
        for (const SourceLocation& at : part.through) out << lineLink(at) << " ";
        out << "<pre>" << markupEscaped(part.text) << "</pre></div>\n";
      }
    }
    out << "</section>\n";
  }

  void writeGraph(std::ostream& out) {
    out << "<section id=\"graph-section\">\n<h2>Symbolic execution graph</h2>\n";
    if (!evidence_.graph) {
      out << "<p id=\"graph-absent\">" << markupEscaped(evidence_.graphProblem) << "</p>\n</section>\n";
      return;
    }
    if (!evidence_.graphSvg) {
      out << "<p id=\"graph-missing\">No picture of the graph (" << evidence_.graph->states.size()
          << " states): " << markupEscaped(evidence_.graphProblem) << ".</p>\n</section>\n";
      return;
    }
    out << "<div class=\"controls\"><button id=\"zoom-in\">+</button><button id=\"zoom-out\">&minus;</button>"
           "<button id=\"zoom-reset\">start</button><button id=\"zoom-whole\">whole graph</button> <span "
           "class=\"hint\">"
        << evidence_.graph->states.size()
        << " states; drag to pan, wheel to zoom; a state links to its line</span></div>\n<div id=\"graph\">"
        << *evidence_.graphSvg << "</div>\n</section>\n";
  }

  void writeScript() { out_ << "<script>\n" << kScript << "</script>\n"; }

  static constexpr size_t kMarksShown = 6;  // step marks on a line beyond these show only when current
  static const char* const kStyle;
  static const char* const kScript;

  std::ostream& out_;
  const ReportContext& context_;
  const std::vector<Outcome>& outcomes_;
  const HtmlEvidence& evidence_;
  InputSource source_;
  std::map<unsigned, LineNotes> notes_;
};

const char* const HtmlWriter::kStyle = R"CSS(
body { margin: 0; font: 14px/1.4 system-ui, sans-serif; color: #1d1d1f; display: flex; flex-direction: column;
       height: 100vh; }
header { padding: 8px 16px; border-bottom: 1px solid #ccc; background: #f7f7f9; max-height: 35vh; overflow: auto; }
h1 { font-size: 18px; margin: 0 0 2px; } h1 .file { font-weight: normal; font-family: monospace; font-size: 14px; }
h2 { font-size: 16px; margin: 12px 0 6px; } h3 { font-size: 14px; margin: 10px 0 4px; }
.context { margin: 0 0 6px; color: #555; }
.verdict { margin: 4px 0; } .verdict .reason { margin-left: 2em; color: #333; }
.badge { display: inline-block; padding: 0 8px; border-radius: 4px; font-weight: bold; color: #fff; }
.verdict.true .badge { background: #1a7f37; } .verdict.false .badge { background: #cf222e; }
.verdict.unknown .badge { background: #6e7781; } .reading, .engine, .witness { color: #666; font-size: 12px; }
main { flex: 1; min-height: 0; display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); }
#source-view, #panels { overflow: auto; } #panels { border-left: 1px solid #ccc; padding: 0 12px 24px; }
table#source { border-collapse: collapse; font: 13px/1.35 monospace; width: 100%; }
td.ln { color: #888; text-align: right; padding: 0 8px; user-select: none; vertical-align: top; }
td.marks { vertical-align: top; white-space: nowrap; } td.code { white-space: pre-wrap; padding-right: 8px; }
tr.line:target { background: #fff3b0; } tr.current-line { background: #dbeafe; }
tr.violation td.code .text { background: #ffd7d5; text-decoration: underline wavy #cf222e; }
.step-mark { display: inline-block; min-width: 14px; padding: 0 3px; margin-right: 2px; border-radius: 8px;
             background: #e5e7eb; font-size: 10px; text-align: center; cursor: pointer; }
.step-mark.extra { display: none; } .step-mark.current { display: inline-block; background: #2563eb; color: #fff; }
.annotation { white-space: normal; font-family: system-ui, sans-serif; font-size: 12px; margin: 2px 0 4px;
              padding: 3px 6px; border-left: 3px solid; border-radius: 3px; }
.annotation .label { font-weight: bold; } .annotation pre { margin: 2px 0; white-space: pre-wrap; }
.annotation.ranking { border-color: #1a7f37; background: #e8f5ec; }
.annotation.invariant { border-color: #0969da; background: #e9f2fd; }
.annotation.proof-step { border-color: #8250df; background: #f3eefe; }
.annotation.recurrent-set { border-color: #bc4c00; background: #fff1e5; }
.annotation.reason { border-color: #6e7781; background: #f0f1f3; }
.annotation.violation-note { border-color: #cf222e; background: #ffebe9; }
code { font-family: monospace; }
ol.trace { padding-left: 3em; font-size: 13px; } li.step { padding: 1px 4px; cursor: pointer; }
li.step.current { background: #dbeafe; outline: 1px solid #2563eb; }
li.step.call .entry { color: #8250df; } li.step.return .entry { color: #8250df; }
li.step.violation { color: #cf222e; }
.input { background: #fff8c5; border: 1px solid #d4a72c; border-radius: 3px; padding: 0 3px; font-family: monospace; }
.branch { color: #555; font-style: italic; } .violation-text { color: #cf222e; }
.controls { margin: 4px 0; } .controls button { margin-right: 4px; } .hint { color: #666; font-size: 12px; }
#graph { height: 60vh; border: 1px solid #ccc; overflow: hidden; cursor: grab; background: #fff; }
#graph svg { width: 100%; height: 100%; }
.proof-cycle, .proof-note { margin: 4px 0; } .proof-cycle pre, .proof-note pre { margin: 2px 0; font-size: 12px;
  white-space: pre-wrap; background: #f6f8fa; padding: 4px; }
)CSS";

const char* const HtmlWriter::kScript = R"JS(
(function () {
  'use strict';
  const rows = (line) => document.getElementById('L' + line);
  const traces = Array.from(document.querySelectorAll('ol.trace'));
  let active = traces[0] || null;
  let current = 0;
  function clear() {
    document.querySelectorAll('.current').forEach((e) => e.classList.remove('current'));
    document.querySelectorAll('tr.current-line').forEach((e) => e.classList.remove('current-line'));
  }
  function select(trace, k, scroll) {
    const steps = trace.querySelectorAll('li.step');
    if (k < 1 || k > steps.length) return;
    clear();
    active = trace;
    current = k;
    const step = steps[k - 1];
    step.classList.add('current');
    const t = trace.dataset.trace;
    const mark = document.querySelector('.step-mark[data-trace="' + t + '"][data-step="' + k + '"]');
    if (mark) mark.classList.add('current');
    const row = rows(step.dataset.line);
    if (row) row.classList.add('current-line');
    if (scroll) {
      if (row) row.scrollIntoView({block: 'center'});
      step.scrollIntoView({block: 'nearest'});
    }
  }
  function move(delta) { if (active) select(active, current + delta, true); }
  const next = document.getElementById('next-step');
  const prev = document.getElementById('prev-step');
  if (next) next.addEventListener('click', () => move(1));
  if (prev) prev.addEventListener('click', () => move(-1));
  traces.forEach((trace) => trace.addEventListener('click', (event) => {
    const step = event.target.closest('li.step');
    if (step && !event.target.closest('a')) select(trace, Number(step.dataset.step), true);
  }));
  document.querySelectorAll('.step-mark').forEach((mark) => mark.addEventListener('click', () => {
    const trace = traces.find((t) => t.dataset.trace === mark.dataset.trace);
    if (trace) select(trace, Number(mark.dataset.step), true);
  }));
  document.addEventListener('keydown', (event) => {
    if (!active || event.altKey || event.ctrlKey || event.metaKey) return;
    const last = active.querySelectorAll('li.step').length;
    const moves = {n: 1, j: 1, ArrowDown: 1, p: -1, k: -1, ArrowUp: -1};
    if (event.key in moves) move(moves[event.key]);
    else if (event.key === 'Home') select(active, 1, true);
    else if (event.key === 'End') select(active, last, true);
    else return;
    event.preventDefault();
  });
  if (active) select(active, 1, true);

  // Pan and zoom of the graph by its viewBox.
  const svg = document.querySelector('#graph svg');
  if (!svg) return;
  const box = (svg.getAttribute('viewBox') || '0 0 100 100').split(/[\s,]+/).map(Number);
  const whole = box.slice();
  svg.removeAttribute('width');
  svg.removeAttribute('height');
  svg.setAttribute('preserveAspectRatio', 'xMidYMid meet');
  // A graph too large to read when it fits the box starts at its natural size, at its top (the program's start).
  const frame = svg.getBoundingClientRect();
  if (frame.width > 0 && Math.max(whole[2] / frame.width, whole[3] / frame.height) > 1.5) {
    box[0] = whole[0] + (whole[2] - frame.width) / 2;
    box[2] = frame.width;
    box[3] = frame.height;
  }
  const home = box.slice();
  function view(values) { values.forEach((v, i) => { box[i] = v; }); show(); }
  function show() { svg.setAttribute('viewBox', box.join(' ')); }
  function zoom(factor, cx, cy) {
    const x = cx === undefined ? box[0] + box[2] / 2 : cx;
    const y = cy === undefined ? box[1] + box[3] / 2 : cy;
    box[0] = x - (x - box[0]) * factor;
    box[1] = y - (y - box[1]) * factor;
    box[2] *= factor;
    box[3] *= factor;
    show();
  }
  function svgPoint(event) {
    const r = svg.getBoundingClientRect();
    const scale = Math.max(box[2] / r.width, box[3] / r.height);
    const offsetX = (r.width * scale - box[2]) / 2, offsetY = (r.height * scale - box[3]) / 2;
    return [box[0] - offsetX + (event.clientX - r.left) * scale, box[1] - offsetY + (event.clientY - r.top) * scale, scale];
  }
  document.getElementById('zoom-in').addEventListener('click', () => zoom(0.8));
  document.getElementById('zoom-out').addEventListener('click', () => zoom(1.25));
  document.getElementById('zoom-reset').addEventListener('click', () => view(home));
  document.getElementById('zoom-whole').addEventListener('click', () => view(whole));
  svg.addEventListener('wheel', (event) => {
    event.preventDefault();
    const [x, y] = svgPoint(event);
    zoom(event.deltaY < 0 ? 0.85 : 1 / 0.85, x, y);
  }, {passive: false});
  let drag = null;
  svg.addEventListener('mousedown', (event) => { drag = [event.clientX, event.clientY, svgPoint(event)[2]]; });
  window.addEventListener('mousemove', (event) => {
    if (!drag) return;
    box[0] -= (event.clientX - drag[0]) * drag[2];
    box[1] -= (event.clientY - drag[1]) * drag[2];
    drag[0] = event.clientX;
    drag[1] = event.clientY;
    show();
  });
  window.addEventListener('mouseup', () => { drag = null; });
  show();
})();
)JS";

// Runs `dot -Tsvg` on `input` into `output`; false (and why) where it cannot start, fails or passes the deadline.
bool runDot(const std::string& input, const std::string& output, const Deadline& deadline, std::string& why) {
  std::string outputArgument = "-o" + output;
  std::vector<char*> argv{const_cast<char*>("dot"), const_cast<char*>("-Tsvg"), outputArgument.data(),
                          const_cast<char*>(input.c_str()), nullptr};
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t child = 0;
  const int spawned = posix_spawnp(&child, "dot", &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) {
    why = "Graphviz's dot could not be started (install the Debian package graphviz)";
    return false;
  }
  int status = 0;
  for (;;) {
    const pid_t ended = waitpid(child, &status, WNOHANG);
    if (ended == child) break;
    if (ended < 0) {
      why = "waiting for Graphviz's dot failed";
      return false;
    }
    if (deadline.expired()) {
      kill(child, SIGKILL);
      waitpid(child, &status, 0);
      why = "Graphviz's dot did not lay the graph out within the time budget";
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    why = WIFEXITED(status) && WEXITSTATUS(status) == 127 ? "Graphviz's dot is not installed (Debian package graphviz)"
                                                         : "Graphviz's dot failed on the graph";
    return false;
  }
  return true;
}

}  // namespace

std::optional<std::string> renderGraphSvg(const GraphEvidence& graph, const std::string& inputFile,
                                          const Deadline& deadline, std::string& why) {
  if (graph.states.size() > kMaxStatesDrawn) {
    why = "the graph has more than " + std::to_string(kMaxStatesDrawn) + " states, too many to draw";
    return std::nullopt;
  }
  InputSource source(inputFile);
  std::ostringstream dot;
  writeDot(dot, graph, [&](const GraphEvidence::State& state) {
    return source.holds(state.at) ? "#L" + std::to_string(state.at.line) : std::string();
  });
  char directory[] = "/tmp/atropos-graph-XXXXXX";
  if (!mkdtemp(directory)) {
    why = "no temporary directory for Graphviz's files";
    return std::nullopt;
  }
  const std::string input = std::string(directory) + "/graph.dot", output = std::string(directory) + "/graph.svg";
  std::optional<std::string> svg;
  const bool written = static_cast<bool>(std::ofstream(input) << dot.str());
  if (!written) {
    why = "the graph could not be written for Graphviz";
  } else if (runDot(input, output, deadline, why)) {
    std::string text;
    if (!readFile(output, text) || text.find("<svg") == std::string::npos)
      why = "Graphviz's dot wrote no SVG";
    else
      svg = text.substr(text.find("<svg"));  // the XML declaration and doctype have no place inside HTML
  }
  std::error_code error;
  std::filesystem::remove_all(directory, error);
  return svg;
}

void printHtml(std::ostream& out, const ReportContext& context, const std::vector<Outcome>& outcomes,
               const HtmlEvidence& evidence) {
  HtmlWriter(out, context, outcomes, evidence).write();
}

}  // namespace atropos::report
