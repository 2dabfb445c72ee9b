#include "symex/symex.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/Module.h>

#include <map>
#include <sstream>

#include "frontend/normalize.h"
#include "frontend/source_location.h"
#include "symex/graph.h"

namespace atropos::symex {

namespace {

std::string where(const llvm::Instruction* at) {
  if (!at) return "";
  SourceLocation loc = frontend::sourceLocationOf(*at);
  std::string text = " in " + at->getFunction()->getName().str();
  if (loc.known()) text += " at line " + std::to_string(loc.line);
  return text;
}

bool isRangeFact(const z3::expr& fact) {
  if (!fact.is_and() || fact.num_args() != 2) return false;
  for (unsigned k = 0; k < 2; ++k) {
    z3::expr a = fact.arg(k);
    if (a.num_args() != 2 || !(a.arg(0).is_const() || a.arg(1).is_const())) return false;
    if (!(a.arg(0).is_numeral() || a.arg(1).is_numeral())) return false;
  }
  return true;
}

// The program values of a state by their C names, to print its facts in source terms.
Instantiation sourceNames(const State& state, const ProgramIndex& index, z3::context& context) {
  Instantiation names;
  for (const Frame& frame : state.frames)
    for (const Local& local : frame.locals) {
      std::string name = index.sourceName(index.valueById(frame.function, local.id));
      if (!name.empty()) names.pairs.emplace_back(local.value, context.int_const(name.c_str()));
    }
  return names;
}

std::string describeState(const State& state, const ProgramIndex& index, z3::context& context) {
  // `apply` maps general → instance; here the state's variables are replaced by C names.
  Instantiation names = sourceNames(state, index, context);
  std::ostringstream out;
  for (const z3::expr& fact : state.allFacts()) {
    if (isRangeFact(fact)) continue;
    out << "      " << names.apply(fact) << "\n";
  }
  for (const MemoryBlock& b : state.memory->blocks)
    if (b.kind != BlockKind::Global)
      out << "      allocated [" << names.apply(b.lo) << ", " << names.apply(b.hi) << "] ("
          << (b.kind == BlockKind::Heap ? "heap" : "stack") << ")\n";
  for (const PointsTo& p : state.memory->pointsTo)
    out << "      " << names.apply(p.address) << " holds " << names.apply(p.value) << " (i" << p.bits << ")\n";
  if (state.heapForgotten) out << "      (and heap blocks no longer tracked)\n";
  return out.str();
}

std::string dotOf(const Graph& graph, const ProgramIndex& index, z3::context& context) {
  std::ostringstream out;
  out << "digraph seg {\n  node [shape=box, fontname=monospace, fontsize=9];\n";
  for (size_t id = 0; id < graph.nodes.size(); ++id) {
    const Node& n = graph.nodes[id];
    if (n.status == Node::Status::Removed || n.state.frames.empty()) continue;
    std::string label = "#" + std::to_string(id);
    const llvm::Instruction* at = n.state.top().next;
    if (at) {
      SourceLocation loc = frontend::sourceLocationOf(*at);
      label += " " + at->getFunction()->getName().str();
      if (loc.known()) label += ":" + std::to_string(loc.line);
    }
    std::string color = "black";
    if (n.status == Node::Status::Error) {
      label += "\\nERR: " + std::string(errorKindName(n.error));
      color = n.error == ErrorKind::Reach ? "orange" : "red";
    } else if (n.status == Node::Status::End) {
      label += "\\nend of program";
      color = "darkgreen";
    }
    if (n.mergeResult) {
      std::string facts = describeState(n.state, index, context);
      for (char& c : facts)
        if (c == '"') c = '\'';
      std::string escaped;
      for (char c : facts) escaped += c == '\n' ? std::string("\\l") : std::string(1, c);
      label += "\\nmerged:\\l" + escaped;
      color = "blue";
    }
    out << "  n" << id << " [label=\"" << label << "\", color=" << color << "];\n";
    for (int child : n.children)
      if (graph.nodes[child].status != Node::Status::Removed)
        out << "  n" << id << " -> n" << child
            << (graph.nodes[child].incoming == EdgeKind::Refinement ? " [style=dashed]" : "") << ";\n";
    if (n.generalization >= 0) out << "  n" << id << " -> n" << n.generalization << " [style=dotted];\n";
  }
  out << "}\n";
  return out.str();
}

}  // namespace

std::vector<Outcome> prove(const frontend::Program& program, const std::vector<Property>& properties,
                           const Options& options, Evidence* evidence) {
  auto unknownAll = [&](const std::string& why) {
    std::vector<Outcome> outcomes;
    for (Property p : properties) outcomes.push_back(Outcome::unknown(p, why, "symex"));
    return outcomes;
  };
  std::unique_ptr<llvm::Module> module = frontend::normalizedCopy(program);
  const llvm::Function* main = module->getFunction("main");
  if (!main || main->isDeclaration()) return unknownAll("the program has no main function");
  ProgramIndex index(*module);
  z3::context context;
  GraphLimits limits{options.deadline, options.maxNodes, options.queryMillis};
  Graph graph = buildGraph(*main, *module, index, context, limits);

  std::map<ErrorKind, const Node*> errors;
  const Node* leak = nullptr;
  size_t states = 0;
  for (const Node& n : graph.nodes) {
    if (n.status == Node::Status::Removed) continue;
    ++states;
    if (n.status == Node::Status::Error) errors.emplace(n.error, &n);
    if (n.status == Node::Status::End && !leak) {
      bool heapLeft = n.state.heapForgotten;
      for (const MemoryBlock& b : n.state.memory->blocks) heapLeft = heapLeft || b.kind == BlockKind::Heap;
      if (heapLeft) leak = &n;
    }
  }
  if (evidence) {
    evidence->nodes = states;
    evidence->complete = graph.complete;
    evidence->solverQueries = graph.solverQueries;
    if (options.explain) {
      std::ostringstream out;
      out << "symbolic execution graph: " << states << " states" << (graph.complete ? "" : " (incomplete: " +
                                                                                             graph.incompleteReason + ")")
          << ", " << graph.solverQueries << " solver queries\n";
      for (const auto& [kind, node] : errors)
        out << "  error state (" << errorKindName(kind) << "): " << node->message << where(node->at) << "\n";
      for (const Node& n : graph.nodes)
        if (n.mergeResult && n.status != Node::Status::Removed) {
          out << "  loop head" << where(n.state.top().next) << ", generalized state:\n"
              << describeState(n.state, index, context);
        }
      evidence->explanation = out.str();
    }
    if (options.dot) evidence->dot = dotOf(graph, index, context);
  }

  std::string size = std::to_string(states) + " states";
  const Node* blocking = nullptr;
  for (const auto& [kind, node] : errors)
    if (kind != ErrorKind::Reach) {
      blocking = node;
      break;
    }
  std::vector<Outcome> outcomes;
  for (Property p : properties) {
    Outcome o;
    o.property = p;
    o.engine = "symex";
    if (p == Property::Termination) {
      o.reason = "the symbolic execution does not decide termination";
    } else if (!graph.complete) {
      o.reason = "symbolic execution: " + graph.incompleteReason;
    } else if (blocking) {
      o.reason = "symbolic execution could not exclude " + std::string(errorKindName(blocking->error)) + ": " +
                 blocking->message + where(blocking->at);
    } else if (p == Property::UnreachCall && errors.count(ErrorKind::Reach)) {
      o.reason = "symbolic execution: reach_error() may be called" + where(errors.at(ErrorKind::Reach)->at);
    } else if ((p == Property::ValidMemsafety || p == Property::ValidMemcleanup) && leak) {
      o.reason = "symbolic execution: heap memory may still be allocated when the program ends" + where(leak->at);
    } else {
      o.verdict = Verdict::True;
      switch (p) {
        case Property::UnreachCall:
          o.reason = "the symbolic execution graph (" + size + ") has no state that calls reach_error()";
          break;
        case Property::NoOverflow:
          o.reason = "the symbolic execution graph (" + size + ") has no state with a signed overflow";
          break;
        default:
          o.reason = "the symbolic execution graph (" + size +
                     ") has no invalid access or free, and every end of the program has freed all heap memory";
          break;
      }
    }
    outcomes.push_back(std::move(o));
  }
  return outcomes;
}

}  // namespace atropos::symex
