#include "symex/symex.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <algorithm>
#include <map>
#include <set>
#include <sstream>

#include "common/text.h"
#include "frontend/normalize.h"
#include "frontend/source_location.h"
#include "its/linear.h"
#include "its/smtlib.h"
#include "smt/integers.h"
#include "smt/printing.h"
#include "smt/solver.h"
#include "smt/failure.h"
#include "smt/term.h"
#include "graph.h"
#include "lists.h"
#include "loop_invariants.h"
#include "reachability.h"
#include "recurrence.h"
#include "source_names.h"
#include "transition_system.h"
#include "termination/prover.h"

namespace atropos::symex {

namespace {

// Error states below merges the graph goes on past (GraphLimits::deferredErrors), and what proving them
// unreachable may take of the time left.
constexpr size_t kDeferredErrors = 64;
constexpr double kUnreachabilitySeconds = 10;
constexpr double kUnreachabilityShare = 0.5;
// What the search for loop invariants for a second termination attempt may take of the time left.
constexpr double kInvariantSeconds = 5;
constexpr double kInvariantShare = 0.25;

// The time a refutation of termination gets (recurrence.h), out of what the graph's proof left: enough for the sets
// of small loops, while later engines keep most of the time where it fails.
constexpr double kRefutationSeconds = 3;
constexpr double kRefutationShare = 0.5;

// Where a state continues: its function, and the line where known.
SourceLocation locationOf(const llvm::Instruction* at) { return at ? frontend::sourceLocationFrom(*at) : SourceLocation{}; }

std::string where(const llvm::Instruction* at) {
  if (!at) return "";
  const SourceLocation loc = locationOf(at);
  return " in " + loc.function + (loc.known() ? " at line " + std::to_string(loc.line) : std::string());
}

// Where a location of the graph's transition system stands in the program; nullopt for one of no graph state.
std::optional<SourceLocation> placeOf(its::LocationId l, const GraphSystem& system, const Graph& graph) {
  if (l >= system.nodeOfLocation.size() || system.nodeOfLocation[l] < 0) return std::nullopt;
  return locationOf(graph.nodes[system.nodeOfLocation[l]].state.top().next);
}

// The termination proof, its ranking functions over C names where the loop head's state names the variables, in
// its parts, each with the places of the graph it passes through.
std::vector<ProofExplanation::TerminationPart> describeInSource(const termination::Proof& proof,
                                                                const GraphSystem& system, const Graph& graph,
                                                                const ProgramIndex& index, z3::context& context) {
  std::map<its::LocationId, std::map<std::string, std::string>> names;
  const std::vector<termination::ProofSection> sections =
      termination::describeSections(proof, [&](its::LocationId l, const std::string& variable) {
    auto [at, fresh] = names.try_emplace(l);
    if (fresh)
      for (const auto& [v, name] : sourceNames(graph.nodes[system.nodeOfLocation[l]].state, index, context).names.pairs)
        at->second.emplace(v.decl().name().str(), name.decl().name().str());
    auto it = at->second.find(variable);
    return it == at->second.end() ? variable : it->second;
  });
  std::vector<ProofExplanation::TerminationPart> parts;
  for (const termination::ProofSection& section : sections) {
    ProofExplanation::TerminationPart part{{}, section.text};
    for (its::LocationId l : section.locations)
      if (std::optional<SourceLocation> at = placeOf(l, system, graph)) part.through.push_back(*at);
    parts.push_back(std::move(part));
  }
  return parts;
}

// The merge nearest the start above `error` that no longer tracks some heap blocks: where the graph lost memory that
// might have excluded the error (a structure its lists do not describe).
const Node* firstForgettingMerge(const Node& error, const Graph& graph) {
  const Node* first = nullptr;
  size_t steps = 0;
  for (int n = error.parent; n >= 0 && steps++ < graph.nodes.size(); n = graph.nodes[n].parent)
    if (graph.nodes[n].mergeResult && graph.nodes[n].state.heapForgotten) first = &graph.nodes[n];
  return first;
}

// `unreachability`: why the graph's invariant did not exclude the error, when one was looked for.
std::string couldNotExclude(const Node& error, const Graph& graph, const std::string& unreachability) {
  const Node* forgot = firstForgettingMerge(error, graph);
  return "symbolic execution could not exclude " + std::string(checkName(error.error)) + ": " + error.message +
         where(error.at) + (unreachability.empty() ? "" : " (" + unreachability + ")") +
         (forgot ? "; above it, the merge at the loop head" + where(forgot->state.top().next) +
                       " lost track of heap blocks that no list it made describes"
                 : "");
}

GraphEvidence graphOf(const Graph& graph, const ProgramIndex& index, z3::context& context) {
  GraphEvidence out;
  for (size_t id = 0; id < graph.nodes.size(); ++id) {
    const Node& n = graph.nodes[id];
    if (n.status == Node::Status::Removed || n.state.frames.empty()) continue;
    GraphEvidence::State state;
    state.id = id;
    state.at = locationOf(n.state.top().next);
    if (n.status == Node::Status::Error) {
      state.kind = GraphEvidence::State::Kind::Error;
      state.check = std::string(checkName(n.error));
      state.reachError = n.error == Check::ReachError;
    } else if (n.status == Node::Status::End) {
      state.kind = GraphEvidence::State::Kind::End;
    } else if (n.status == Node::Status::Return) {
      state.kind = GraphEvidence::State::Kind::Return;
    }
    state.merged = n.mergeResult;
    if (n.mergeResult) state.facts = describeState(n.state, index, context);
    out.states.push_back(std::move(state));
    for (int child : n.children) {
      if (graph.nodes[child].status == Node::Status::Removed) continue;
      GraphEvidence::Step step = GraphEvidence::Step::Evaluation;
      switch (graph.nodes[child].incoming) {
        case EdgeKind::Refinement:
          step = GraphEvidence::Step::Refinement;
          break;
        case EdgeKind::CallAbstraction:
          step = GraphEvidence::Step::CallAbstraction;
          break;
        case EdgeKind::Intersection:
          step = GraphEvidence::Step::Return;
          break;
        default:
          break;
      }
      out.edges.push_back({id, static_cast<size_t>(child), step});
    }
    if (n.generalization >= 0)
      out.edges.push_back({id, static_cast<size_t>(n.generalization), GraphEvidence::Step::InstanceOf});
  }
  return out;
}

// Models of error states whose path drew every input itself (no merge on the way), as input vectors.
std::vector<std::vector<uint64_t>> inputsTowardsErrors(const Graph& graph, const ProgramIndex& index,
                                                       z3::context& context,
                                                       const std::shared_ptr<smt::QueryLog>& smtLog) {
  constexpr size_t kMaxSuggestions = 8;
  std::vector<std::vector<uint64_t>> suggestions;
  for (const Node& n : graph.nodes) {
    if (suggestions.size() >= kMaxSuggestions) break;
    if (n.status != Node::Status::Error || n.error == Check::NotModelled || !n.state.inputsKnown) continue;
    smt::Limits limits;  // the default time per question
    limits.log = smtLog;
    smt::Solver solver(context, limits);
    for (const smt::Term& fact : formulaOf(context, n.state, index.pointerBits(), index.integers()))
      solver.add(fact);
    // An execution draws values of C's types, whatever the reading's integers are.
    if (index.typesUnbounded())
      for (const InputTrail* t = n.state.inputs.get(); t; t = t->previous.get())
        solver.add(t->view == View::Signed ? smt::inSignedRange(t->value, t->bits) : smt::inUnsignedRange(t->value, t->bits));
    auto model = solver.model(context.bool_val(true));
    if (!model) continue;
    std::vector<uint64_t> values;
    for (const InputTrail* t = n.state.inputs.get(); t; t = t->previous.get()) {
      smt::Term v = model->eval(t->value, true);
      int64_t signedValue;
      uint64_t unsignedValue;
      uint64_t pattern = 0;
      if (v.is_numeral_i64(signedValue))
        pattern = static_cast<uint64_t>(signedValue);
      else if (v.is_numeral_u64(unsignedValue))
        pattern = unsignedValue;
      if (t->bits < 64) pattern &= (1ull << t->bits) - 1;
      values.push_back(pattern);
    }
    std::reverse(values.begin(), values.end());
    suggestions.push_back(std::move(values));
  }
  return suggestions;
}

struct Round {
  std::vector<Outcome> outcomes;
  bool complete = false;  // the graph was complete: another abstraction may still succeed
};

// A second attempt at the cycles' termination where the first found no ranking function: every transition from a
// loop head assumes what holds there whenever the program is (reachability.h, locationInvariants), e.g. that
// y*z - 18*x - 12*y + 2*z - 6 stays 0 while x, y and z grow. The invariants hold in every state the program reaches
// at the location, so every run of the program is still a run of the system. The search gets a share of the time
// left; the first proof attempt's answer stays when it fails.
struct ProofWithInvariants {
  termination::Proof proof;
  size_t assumed = 0;  // loop invariants the proof's system assumes (0: the first attempt's proof)
};

ProofWithInvariants withLocationInvariants(const Graph& graph, const ProgramIndex& index, z3::context& context,
                                           GraphSystem& system, const termination::ProverOptions& prover,
                                           termination::Proof first) {
  Deadline searchDeadline = prover.deadline.capped(std::chrono::duration<double>(
      std::min(kInvariantSeconds, prover.deadline.secondsLeft() * kInvariantShare)));
  std::unordered_map<int, std::vector<smt::Term>> invariants =
      locationInvariants(graph, index, context, searchDeadline, prover.smtLog);
  if (invariants.empty() || prover.deadline.expired()) return {std::move(first)};
  its::Its assuming = system.its;
  bool assumed = false;
  for (its::Transition& t : assuming.transitions) {
    auto it = invariants.find(system.nodeOfLocation[t.from]);
    if (it == invariants.end()) continue;
    for (const smt::Term& fact : it->second) t.guard = t.guard && fact;
    assumed = true;
  }
  if (!assumed) return {std::move(first)};
  termination::Proof second = termination::proveTermination(assuming, context, prover);
  if (second.answer != termination::Answer::Yes) return {std::move(first)};
  system.its = std::move(assuming);
  size_t count = 0;
  for (const auto& [node, facts] : invariants) count += facts.size();
  return {std::move(second), count};
}

std::vector<Outcome> unknownAll(const std::vector<Property>& properties, const std::string& why) {
  std::vector<Outcome> outcomes;
  for (Property p : properties) outcomes.push_back(Outcome::unknown(p, why, "symex"));
  return outcomes;
}

size_t decided(const std::vector<Outcome>& outcomes) {
  return static_cast<size_t>(
      std::count_if(outcomes.begin(), outcomes.end(), [](const Outcome& o) { return o.verdict != Verdict::Unknown; }));
}

// Termination FALSE from a recurrent set checked on the program. Under svcomp the draws fit their types, and the
// counterexample (the stem's bit patterns, the set in C at the loop head) is what the driver replays in C for a
// witness; under termcomp the numbers need not fit, and nothing is replayed.
Outcome refutedTermination(const ProgramRecurrence& neverEnds, const Graph& graph, const ProgramIndex& index,
                           z3::context& context, Semantics semantics) {
  const State& head = graph.nodes[neverEnds.head].state;
  const bool mathematical = semantics == Semantics::TermComp;
  Outcome o;
  o.property = Property::Termination;
  o.engine = "symex";
  o.verdict = Verdict::False;
  o.reason = "the loop" + where(head.top().next) + " never ends from the states where " +
             smt::infix(sourceNames(head, index, context).names.apply(neverEnds.shown).simplify()) +
             ": from each of them one iteration (" + counted(neverEnds.paths, "path") +
             " through the body, as the program's instructions read under " + std::string(semanticsName(semantics)) +
             ") returns to one of them (a " + neverEnds.kind +
             " of the graph's cycles, checked on the loop body); the execution that draws " +
             (neverEnds.stem.empty() ? std::string("nothing") : joined(neverEnds.stem, ", ")) +
             " reaches them (proven on its path's facts" +
             (mathematical ? "; over mathematical integers, not replayed in C)" : ")");
  if (mathematical) return o;
  const std::optional<FactsInC> set = factsInC(graph, neverEnds.head, index, neverEnds.overNamedValues);
  const SourceLocation at = locationOf(head.top().next);
  if (!set || !at.known()) return o;
  Counterexample cex;
  cex.violation = "non-termination: every iteration of the loop" + where(head.top().next) + " from the states " +
                  set->expression + " returns to its head in one of them";
  cex.location = at;
  for (uint64_t pattern : neverEnds.stemPatterns) {
    NondetInput in;
    in.value = pattern;
    cex.inputs.push_back(in);
  }
  cex.loopInputsStart = cex.inputs.size();
  cex.recurrence = Counterexample::Recurrence{at, "", {set->expression}, set->complete};
  o.counterexample = std::move(cex);
  return o;
}

// What a built graph shows before any property is judged: its error states, the first end with heap left, and the
// error states an invariant of the whole graph excludes.
struct GraphFindings {
  std::map<Check, const Node*> errors;  // the first error state of each check, until shown unreachable
  std::vector<int> errorStates, reachStates;
  // The first end of the program with heap left, and the check that is (reach_error aborts the program).
  const Node* leak = nullptr;
  Check leakCheck = Check::HeapAtEnd;
  size_t states = 0;
  std::string unexcluded;  // why the remaining error states could not be shown unreachable
  std::vector<std::pair<int, smt::Term>> invariants;  // that exclude them, per graph node
  size_t excluded = 0;

  // The first error state left that keeps `p` from being proved, as the table of checks reads it.
  const Node* blockerOf(Property p, Semantics semantics) const {
    for (const auto& [kind, node] : errors)
      if (blocksProof(kind, p, semantics)) return node;
    return nullptr;
  }
};

// Does every heap block and list of a `state` that aborts or exits stay reachable from the program (the values its C
// variables hold in every frame, the contents of its globals and stack blocks)? Then the heap it leaves is not
// lost: a valid-memcleanup violation only. A state whose merges or call abstraction left heap out cannot tell.
bool abortKeepsHeapReachable(const State& state, const ProgramIndex& index) {
  if (state.heapForgotten || state.heapHidden) return false;
  const unsigned pointerBits = index.pointerBits();
  const Memory& memory = *state.memory;
  // The roots are the values C variables hold, not every value computed: `p = malloc(..); p = 0;` loses the block
  // though the call's value is still at hand.
  std::vector<smt::Term> roots;
  for (size_t f = 0; f < state.frames.size(); ++f) {
    const Frame& frame = state.frames[f];
    const llvm::Instruction* at = f + 1 == state.frames.size() ? frame.next : frame.next->getNextNode();
    for (unsigned id : index.variableValuesBefore(at))
      if (const Local* l = frame.find(id)) roots.push_back(l->value);
  }
  for (const PointsTo& p : memory.pointsTo) {
    auto holder = std::find_if(memory.blocks.begin(), memory.blocks.end(),
                               [&](const MemoryBlock& b) { return z3::eq(b.lo, p.block); });
    if (p.bits == pointerBits && holder != memory.blocks.end() && holder->kind != BlockKind::Heap)
      roots.push_back(p.value);
  }
  HeapReached reached = heapReachedFrom(memory, std::move(roots), EqualTerms(state.allFacts()), pointerBits);
  for (size_t k = 0; k < memory.blocks.size(); ++k)
    if (memory.blocks[k].kind == BlockKind::Heap && !reached.blocks[k]) return false;
  return std::all_of(reached.lists.begin(), reached.lists.end(), [](bool r) { return r; });
}

GraphFindings findingsOf(const Graph& graph, const ProgramIndex& index) {
  GraphFindings found;
  for (size_t id = 0; id < graph.nodes.size(); ++id) {
    const Node& n = graph.nodes[id];
    if (n.status == Node::Status::Removed) continue;
    ++found.states;
    if (n.status == Node::Status::Error) {
      found.errors.emplace(n.error, &n);
      (n.error == Check::ReachError ? found.reachStates : found.errorStates).push_back(static_cast<int>(id));
    }
    const bool aborts = n.status == Node::Status::Error && n.error == Check::ReachError;
    // An end that may lose memory outranks one that only leaves it allocated.
    if ((n.status == Node::Status::End || aborts) && (!found.leak || found.leakCheck == Check::MemoryNotFreed)) {
      bool heapLeft = n.state.heapForgotten || n.state.heapHidden;
      for (const MemoryBlock& b : n.state.memory->blocks) heapLeft = heapLeft || b.kind == BlockKind::Heap;
      heapLeft = heapLeft || !n.state.memory->lists.empty();
      if (heapLeft) {
        // abort, exit and reach_error end the program with every frame still there (SV-COMP's reading of
        // valid-memtrack: memory reachable when they are called is not lost); main's return ends its frame.
        const bool abortLike = aborts || n.end == EndKind::Abort;
        Check check = abortLike ? Check::HeapAtAbort : Check::HeapAtEnd;
        if ((abortLike || n.end == EndKind::Exit) && abortKeepsHeapReachable(n.state, index))
          check = Check::MemoryNotFreed;
        if (!found.leak || check != Check::MemoryNotFreed) {
          found.leak = &n;
          found.leakCheck = check;
        }
      }
    }
  }
  return found;
}

// Error states the graph's abstraction could not exclude may still be unreachable: an invariant of the whole graph
// shows it. reach_error() only matters when its property is asked, and only once no other error state is left.
void excludeUnreachableErrors(GraphFindings& found, const Graph& graph, const ProgramIndex& index,
                              z3::context& context, const Options& options, bool reachAsked) {
  auto discharge = [&](const std::vector<int>& targets, bool reach) {
    if (!graph.complete || targets.empty() || options.deadline.expired()) return;
    Deadline deadline = options.deadline.capped(std::chrono::duration<double>(
        std::min(kUnreachabilitySeconds, options.deadline.secondsLeft() * kUnreachabilityShare)));
    Unreachability u = proveUnreachable(graph, targets, index, context, deadline, options.smtLog);
    if (!u.proven) {
      found.unexcluded = u.reason;
      return;
    }
    std::erase_if(found.errors, [&](const auto& e) { return (e.first == Check::ReachError) == reach; });
    found.excluded += targets.size();
    found.invariants.insert(found.invariants.end(), u.invariants.begin(), u.invariants.end());
  };
  discharge(found.errorStates, false);
  const bool otherErrorsLeft = std::any_of(found.errors.begin(), found.errors.end(),
                                           [](const auto& e) { return e.first != Check::ReachError; });
  if (reachAsked && !otherErrorsLeft) discharge(found.reachStates, true);
}

// The graph's part of the evidence: its size, the inputs towards its error states, and on request the account of
// the proof attempt (--explain) and the graph itself (--dot).
void recordGraphEvidence(Evidence& evidence, const Graph& graph, const GraphFindings& found, const ProgramIndex& index,
                         z3::context& context, const Options& options, const GraphLimits& limits) {
  evidence.suggestedInputs = inputsTowardsErrors(graph, index, context, options.smtLog);
  evidence.nodes = found.states;
  evidence.complete = graph.complete;
  evidence.solverQueries = graph.solverQueries;
  if (options.explain) {
    ProofExplanation& out = evidence.explanation.emplace();
    out.states = found.states;
    out.complete = graph.complete;
    out.incompleteReason = graph.incompleteReason;
    out.solverQueries = graph.solverQueries;
    out.queriesOutOfTime = graph.solverQueriesInterrupted;
    out.firstPassesPeeled = limits.peelFirstPass;
    for (const auto& [kind, node] : found.errors)
      out.errors.push_back({std::string(checkName(kind)), node->message, locationOf(node->at),
                            describeState(node->state, index, context)});
    for (const Node& n : graph.nodes)
      if (n.mergeResult && n.status != Node::Status::Removed) {
        const llvm::Instruction* at = n.state.top().next;
        using Kind = ProofExplanation::HeadState::Kind;
        Kind kind = Kind::LoopHead;
        if (at == &*at->getFunction()->getEntryBlock().getFirstInsertionPt())
          kind = Kind::RecursiveEntry;
        else if (llvm::isa<llvm::ReturnInst>(at))
          kind = Kind::RecursiveReturn;
        out.heads.push_back({kind, locationOf(at), describeState(n.state, index, context)});
      }
    for (const auto& [id, invariant] : found.invariants) {
      const State& state = graph.nodes[id].state;
      const Instantiation names = sourceNames(state, index, context).names;
      out.unreachability.push_back({locationOf(state.top().next), smt::infix(names.apply(invariant).simplify())});
    }
  }
  if (options.dot) evidence.graph = graphOf(graph, index, context);
}

// What the graph's cycles say of termination: a proof that they end (with the loop invariants it assumed), else,
// under svcomp and termcomp, a loop that never ends, refuted on the program itself.
struct LoopsFindings {
  std::optional<GraphSystem> system;
  std::optional<termination::Proof> loopsEnd;
  size_t invariantsAssumed = 0;
  std::optional<ProgramRecurrence> neverEnds;
};

void proveLoopsEnd(LoopsFindings& loops, const Graph& graph, const ProgramIndex& index, z3::context& context,
                   const Options& options) {
  try {
    const std::optional<smt::SolverFailure> failure = smt::attempt([&] {
      loops.system = cyclesOf(graph, index, context, options.deadline, options.smtLog);
      termination::ProverOptions prover;
      prover.deadline = options.deadline;
      prover.smtLog = options.smtLog;
      prover.tryNonTermination = false;  // the graph over-approximates: only a proof carries over
      loops.loopsEnd = termination::proveTermination(loops.system->its, context, prover);
      if (loops.loopsEnd->answer != termination::Answer::Yes && !options.deadline.expired()) {
        ProofWithInvariants second =
            withLocationInvariants(graph, index, context, *loops.system, prover, std::move(*loops.loopsEnd));
        loops.loopsEnd = std::move(second.proof);
        loops.invariantsAssumed = second.assumed;
      }
    });
    if (failure) loops.loopsEnd.reset();
  } catch (const its::OutOfTime& e) {
    loops.system.reset();
    loops.loopsEnd = termination::Proof{};
    loops.loopsEnd->reason = e.what();
  }
}

// Under svcomp and termcomp a loop that never ends is refuted on the program itself (recurrence.h): a set the back
// end finds closed on the graph's cycles is checked against the loop body's instructions and an execution that
// reaches it. Under `c` every such loop overflows or wraps around sooner or later, which the sets do not follow.
void refuteLoopsEnd(LoopsFindings& loops, const Graph& graph, const llvm::Function& main, const llvm::Module& module,
                    const ProgramIndex& index, z3::context& context, const Options& options) {
  try {
    const std::optional<smt::SolverFailure> failure = smt::attempt([&] {
      if (!loops.system) loops.system = cyclesOf(graph, index, context, options.deadline, options.smtLog);
      RecurrenceOptions search;
      search.deadline = options.deadline.capped(std::chrono::duration<double>(
          std::min(kRefutationSeconds, options.deadline.secondsLeft() * kRefutationShare)));
      search.smtLog = options.smtLog;
      loops.neverEnds = findProgramRecurrence(graph, *loops.system, main, module, index, context, search);
    });
    if (failure) loops.neverEnds.reset();
  } catch (const its::OutOfTime&) {
    loops.neverEnds.reset();
  }
}

LoopsFindings decideLoops(const Graph& graph, const GraphFindings& found, const llvm::Function& main,
                          const llvm::Module& module, const ProgramIndex& index, z3::context& context,
                          const Options& options) {
  LoopsFindings loops;
  if (graph.complete && !found.blockerOf(Property::Termination, options.semantics))
    proveLoopsEnd(loops, graph, index, context, options);
  if (options.semantics != Semantics::C && graph.complete && !options.deadline.expired() &&
      !(loops.loopsEnd && loops.loopsEnd->answer == termination::Answer::Yes))
    refuteLoopsEnd(loops, graph, main, module, index, context, options);
  return loops;
}

// The verdict on one property from what the graph and its cycles showed.
Outcome judge(Property p, const Graph& graph, const GraphFindings& found, const LoopsFindings& loops,
              const ProgramIndex& index, z3::context& context, const Options& options, const GraphLimits& limits) {
  Outcome o;
  o.property = p;
  o.engine = "symex";
  const Node* blocker = found.blockerOf(p, options.semantics);
  const bool memory = p == Property::ValidMemsafety || p == Property::ValidMemcleanup;
  const bool reach = blocker && (blocker->error == Check::ReachError || blocker->error == Check::ReachErrorReturns);
  // Under svcomp the draws lie in their types' ranges: a stem outside them names no execution.
  const bool refuted =
      loops.neverEnds && (options.semantics == Semantics::TermComp || loops.neverEnds->stemFitsTypes);
  std::string size = std::to_string(found.states) + " states";
  if (found.excluded > 0)
    size += ", " + counted(found.excluded, "error state") + " shown unreachable by an inductive invariant";
  if (limits.peelFirstPass) size += ", first loop passes peeled";
  if (p == Property::Termination && refuted) {
    o = refutedTermination(*loops.neverEnds, graph, index, context, options.semantics);
  } else if (reach && p == Property::UnreachCall) {
    o.reason = "symbolic execution: reach_error() may be called" + where(blocker->at);
    o.reasonPlaces.push_back(locationOf(blocker->at));
  } else if (blocker) {
    o.reason = couldNotExclude(*blocker, graph, found.unexcluded);
    o.reasonPlaces.push_back(locationOf(blocker->at));
    o.blockedBy = blocker->error;
  } else if (!graph.complete) {
    o.reason = "symbolic execution: " + graph.incompleteReason;
  } else if (found.leak && memory && blocksProof(found.leakCheck, p, options.semantics)) {
    o.reason = "symbolic execution: heap memory may still be allocated when the program ends" + where(found.leak->at);
    o.reasonPlaces.push_back(locationOf(found.leak->at));
  } else {
    switch (p) {
      case Property::Termination:
        if (!loops.loopsEnd) {
          o.reason = "the termination back end failed";
        } else if (loops.loopsEnd->answer != termination::Answer::Yes) {
          o.reason = "termination of the symbolic execution graph's cycles: " + loops.loopsEnd->reason;
          for (size_t t : loops.loopsEnd->unproven)
            if (loops.system)
              if (std::optional<SourceLocation> at = placeOf(loops.loopsEnd->system.transitions[t].from, *loops.system, graph))
                o.reasonPlaces.push_back(*at);
        } else {
          o.verdict = Verdict::True;
          o.reason = "every cycle of the symbolic execution graph (" + size + ") has a ranking function (" +
                     counted(loops.loopsEnd->steps.size(), "proof step") +
                     (loops.invariantsAssumed ? ", assuming " + counted(loops.invariantsAssumed, "loop invariant") +
                                                    " proven inductive over the graph"
                                              : std::string()) +
                     ")";
        }
        break;
      case Property::UnreachCall:
        o.verdict = Verdict::True;
        o.reason = "the symbolic execution graph (" + size + ") has no state that calls reach_error()";
        break;
      case Property::NoOverflow:
        o.verdict = Verdict::True;
        o.reason = "the symbolic execution graph (" + size + ") has no state with a signed overflow";
        break;
      case Property::ValidMemsafety:
      case Property::ValidMemcleanup:
        o.verdict = Verdict::True;
        o.reason = "the symbolic execution graph (" + size + ") has no invalid access or free, and every end of the program " +
                   (found.leak ? "has freed all heap memory or, where abort, exit or reach_error ends it, can still reach it"
                               : "has freed all heap memory");
        break;
    }
  }
  if (o.verdict == Verdict::True && index.signedUnbounded())
    o.reason += " (" + std::string(semanticsName(options.semantics)) + " reading: " +
                std::string(semanticsDescription(options.semantics)) + ")";
  return o;
}

// With C's arithmetic and no error state left, every fact of the complete graph holds in every execution: the
// TRUE outcomes get the loop invariants, and a termination proof its ranking functions, in C terms.
void attachInvariants(std::vector<Outcome>& outcomes, const Graph& graph, const GraphFindings& found,
                      const LoopsFindings& loops, const ProgramIndex& index) {
  if (!graph.complete || !found.errors.empty() || index.signedUnbounded() ||
      std::none_of(outcomes.begin(), outcomes.end(), [](const Outcome& o) { return o.verdict == Verdict::True; }))
    return;
  const std::vector<LoopInvariant> invariants = loopInvariants(graph, index, found.invariants);
  for (Outcome& o : outcomes)
    if (o.verdict == Verdict::True) o.invariants = invariants;
  if (!loops.loopsEnd || loops.loopsEnd->answer != termination::Answer::Yes || !loops.system) return;
  std::map<int, std::vector<its::LinearExpr>> tupleAtState;
  for (its::LocationId l = 0; l < loops.system->nodeOfLocation.size(); ++l)
    if (auto tuple = termination::lexicographicAt(*loops.loopsEnd, l))
      tupleAtState.emplace(loops.system->nodeOfLocation[l], *tuple);
  const std::vector<LoopRanking> rankings = loopRankings(graph, index, tupleAtState, loops.loopsEnd->system.variables);
  for (Outcome& o : outcomes)
    if (o.verdict == Verdict::True && o.property == Property::Termination) o.rankings = rankings;
}

// One graph under `limits`, and what it proves: the graph, its error states with those an invariant excludes, the
// termination of its cycles, then a verdict per property.
Round proveOnGraph(const llvm::Function* main, const llvm::Module* module, const ProgramIndex& index,
                   z3::context& context, const std::vector<Property>& properties, const Options& options,
                   const GraphLimits& limits, Evidence* evidence) {
  Round round;
  Graph graph;
  if (const std::optional<smt::SolverFailure> failure =
          smt::attempt([&] { graph = buildGraph(*main, *module, index, context, limits); })) {
    round.outcomes = unknownAll(properties, failure->reason());
    return round;
  }
  round.complete = graph.complete;
  auto asked = [&](Property p) { return std::find(properties.begin(), properties.end(), p) != properties.end(); };

  GraphFindings found = findingsOf(graph, index);
  excludeUnreachableErrors(found, graph, index, context, options, asked(Property::UnreachCall));
  if (evidence) recordGraphEvidence(*evidence, graph, found, index, context, options, limits);
  LoopsFindings loops;
  if (asked(Property::Termination)) loops = decideLoops(graph, found, *main, *module, index, context, options);
  if (evidence && options.its && loops.system) {
    std::ostringstream out;
    its::writeSmtLib(out, loops.system->its);
    evidence->its = out.str();
  }
  if (evidence && evidence->explanation && loops.loopsEnd && loops.system) {
    evidence->explanation->terminationAsked = true;
    evidence->explanation->terminationProven = loops.loopsEnd->answer == termination::Answer::Yes;
    evidence->explanation->terminationParts = describeInSource(*loops.loopsEnd, *loops.system, graph, index, context);
    for (const ProofExplanation::TerminationPart& part : evidence->explanation->terminationParts)
      evidence->explanation->terminationProof += part.text;
  }

  for (Property p : properties)
    round.outcomes.push_back(judge(p, graph, found, loops, index, context, options, limits));
  attachInvariants(round.outcomes, graph, found, loops, index);
  return round;
}

// The properties asked, all under the reading `options.semantics`, on graphs whose rules read integers as `model`
// says (C's signed arithmetic under `svcomp` proves only what holds under the reading too).
// With `stopAtOverflow`, a graph stops at the first possible signed overflow (GraphLimits::stopAtOverflow).
std::vector<Outcome> proveWithModel(const frontend::Program& program, const std::vector<Property>& properties,
                                    const Options& options, IntegerModel model, bool stopAtOverflow,
                                    Evidence* evidence) {
  std::unique_ptr<llvm::Module> module = frontend::normalizedCopy(program);
  const llvm::Function* main = module->getFunction("main");
  if (!main || main->isDeclaration()) return unknownAll(properties, "the program has no main function");
  ProgramIndex index(*module, model);
  z3::context context;
  GraphLimits limits{options.deadline, options.maxNodes, options.queryMillis, options.smtLog};
  // A call of reach_error ends the graph where it keeps every property asked from being proved.
  bool reachBlocksAll = std::all_of(properties.begin(), properties.end(), [&](Property p) {
    return blocksProof(Check::ReachError, p, options.semantics);
  });
  limits.stopAtOtherErrors = !options.explain && !options.dot;
  limits.stopAtReach = limits.stopAtOtherErrors && reachBlocksAll;
  limits.deferredErrors = kDeferredErrors;
  limits.stopAtOverflow = stopAtOverflow;
  limits.nameLoopLocations =
      std::find(properties.begin(), properties.end(), Property::Termination) != properties.end();
  Round first = proveOnGraph(main, module.get(), index, context, properties, options, limits, evidence);
  if (!first.complete || decided(first.outcomes) == properties.size() || options.deadline.expired())
    return first.outcomes;
  // A complete graph that proves too little may owe it to the merges with the states before the loops: a second
  // graph peels the first pass of the loops it enters (GraphLimits::peelFirstPass).
  limits.peelFirstPass = true;
  Evidence peeledEvidence;
  Round second = proveOnGraph(main, module.get(), index, context, properties, options, limits,
                              evidence ? &peeledEvidence : nullptr);
  // The second graph's answers replace the first's only when they decide all the first did and more, so that the
  // evidence (one graph's) speaks for every verdict.
  for (size_t k = 0; k < properties.size(); ++k)
    if (first.outcomes[k].verdict != Verdict::Unknown && second.outcomes[k].verdict != first.outcomes[k].verdict)
      return first.outcomes;
  if (decided(second.outcomes) == decided(first.outcomes)) return first.outcomes;
  if (evidence) *evidence = std::move(peeledEvidence);
  return second.outcomes;
}

}  // namespace

std::vector<Outcome> prove(const frontend::Program& program, const std::vector<Property>& properties,
                           const Options& options, Evidence* evidence) {
  if (options.semantics == Semantics::C) return proveWithModel(program, properties, options, IntegerModel{}, false, evidence);
  // Each property is decided under its own reading (no-overflow always in C): the reading's properties first, with
  // half of the time when no-overflow is asked too.
  std::vector<Property> asked, inC;
  for (Property p : properties)
    (readingFor(p, options.semantics) == options.semantics ? asked : inC).push_back(p);
  std::vector<Outcome> outcomes;
  Options reading = options;
  if (!inC.empty())
    reading.deadline = options.deadline.capped(std::chrono::duration<double>(options.deadline.secondsLeft() / 2));
  if (!asked.empty() && options.semantics == Semantics::TermComp) {
    // Mathematical integers: no graph of C's arithmetic helps, since the values drawn have no type's range there.
    outcomes = proveWithModel(program, asked, reading, IntegerModel{true, true}, false, evidence);
  } else if (!asked.empty()) {
    // C's signed arithmetic first: its proofs exclude every signed overflow, so they hold under the reading too,
    // and its rules keep the range facts and decide the equalities that the unbounded rules cannot. It stops at
    // the first possible overflow, after which the unbounded rules take over, with the time left.
    outcomes = proveWithModel(program, asked, reading, IntegerModel{}, true, evidence);
    std::vector<Property> overflowing;
    for (const Outcome& o : outcomes)
      if (o.verdict != Verdict::True && o.blockedBy &&
          effectOf(*o.blockedBy, o.property, options.semantics) == Effect::Diverges)
        overflowing.push_back(o.property);
    if (!overflowing.empty() && !reading.deadline.expired()) {
      // The evidence is the unbounded graph's unless a TRUE of the first graph needs the first graph's.
      const bool firstProvedSome = std::any_of(outcomes.begin(), outcomes.end(),
                                               [](const Outcome& o) { return o.verdict == Verdict::True; });
      Evidence unboundedEvidence;
      std::vector<Property> stillOpen;
      for (const Outcome& u : proveWithModel(program, overflowing, reading, IntegerModel{true, false}, false,
                                             evidence ? &unboundedEvidence : nullptr)) {
        for (Outcome& o : outcomes)
          if (o.property == u.property) o = u;
        if (u.verdict != Verdict::True) stillOpen.push_back(u.property);
      }
      // The first graph stopped at the first overflow it could not exclude by then. Built to the end, its
      // invariants may exclude every overflow after all (Horn clauses over the whole graph), and its proofs then
      // hold under every reading: the last resort, as it costs the most time where an overflow is real.
      bool wholeProvedSome = false;
      Evidence wholeEvidence;
      if (!stillOpen.empty() && !reading.deadline.expired())
        for (const Outcome& w : proveWithModel(program, stillOpen, reading, IntegerModel{}, false,
                                               evidence ? &wholeEvidence : nullptr))
          for (Outcome& o : outcomes)
            if (o.property == w.property && w.verdict == Verdict::True) {
              o = w;
              wholeProvedSome = true;
            }
      const bool unboundedProvedSome = stillOpen.size() < overflowing.size();
      if (evidence && !firstProvedSome)
        *evidence = std::move(wholeProvedSome && !unboundedProvedSome ? wholeEvidence : unboundedEvidence);
    }
  }
  if (!inC.empty()) {
    Options c = options;
    c.semantics = Semantics::C;
    c.explain = c.dot = c.its = false;
    std::vector<Outcome> more = proveWithModel(program, inC, c, IntegerModel{}, false, asked.empty() ? evidence : nullptr);
    outcomes.insert(outcomes.end(), more.begin(), more.end());
  }
  std::stable_sort(outcomes.begin(), outcomes.end(), [&](const Outcome& a, const Outcome& b) {
    return std::find(properties.begin(), properties.end(), a.property) <
           std::find(properties.begin(), properties.end(), b.property);
  });
  return outcomes;
}

}  // namespace atropos::symex
