#include "recurrence.h"

#include <llvm/IR/Function.h>

#include <algorithm>
#include <set>
#include <unordered_set>
#include <utility>

#include "smt/integers.h"
#include "smt/solver.h"
#include "smt/term.h"
#include "executor.h"
#include "merge.h"
#include "source_names.h"
#include "termination/nontermination.h"

namespace atropos::symex {

namespace {

bool atPositionOf(const State& state, const State& head) {
  return state.frames.size() == head.frames.size() && state.top().next == head.top().next;
}

std::vector<smt::Term> symbolsOf(const std::vector<smt::Term>& terms) {
  std::set<unsigned> seen;
  std::vector<smt::Term> out;
  for (const smt::Term& t : terms) smt::collectSymbols(t, seen, out);
  return out;
}

// The first addresses of the blocks `state` knows (their ends follow from them and their sizes).
std::vector<smt::Term> startsOf(const State& state) {
  std::vector<smt::Term> starts;
  for (const MemoryBlock& b : state.memory->blocks)
    if (smt::isSymbol(b.lo)) starts.push_back(b.lo);
  return starts;
}

// The values `state` drew since `since` (nullptr: since the start), as the trail keeps them.
std::vector<const InputTrail*> drawsSince(const State& state, const std::shared_ptr<const InputTrail>& since) {
  std::vector<const InputTrail*> draws;
  for (const InputTrail* t = state.inputs.get(); t && t != since.get(); t = t->previous.get()) draws.push_back(t);
  return {draws.rbegin(), draws.rend()};
}

// The conjuncts of `facts` that the others do not imply, each comparison stated without a negation.
smt::Term withoutRedundantFacts(const smt::Term& facts, z3::context& context) {
  std::vector<smt::Term> parts;
  smt::conjunctsOf(facts, parts);
  std::vector<z3::expr> stated;
  for (const smt::Term& part : parts) {
    if (part.is_not() && part.arg(0).is_app() && part.arg(0).num_args() == 2 && part.arg(0).arg(0).is_arith()) {
      const z3::expr a = part.arg(0).arg(0), b = part.arg(0).arg(1);
      switch (part.arg(0).decl().decl_kind()) {
        case Z3_OP_LE: stated.push_back(a > b); continue;
        case Z3_OP_LT: stated.push_back(a >= b); continue;
        case Z3_OP_GE: stated.push_back(a < b); continue;
        case Z3_OP_GT: stated.push_back(a <= b); continue;
        default: break;
      }
    }
    stated.push_back(part);
  }
  z3::expr_vector kept(context);
  for (size_t k : smt::independentFacts(stated, {})) kept.push_back(stated[k]);
  return kept.size() == 1 ? kept[0] : z3::mk_and(kept);
}

// The symbols of `head` that the source names (sourceNames), by id.
std::set<unsigned> namedValues(const State& head, const ProgramIndex& index, z3::context& context) {
  std::set<unsigned> named;
  for (const auto& [value, name] : sourceNames(head, index, context).names.pairs)
    if (smt::isSymbol(value)) named.insert(value.id());
  return named;
}

bool allNamed(const std::vector<smt::Term>& symbols, const std::set<unsigned>& named) {
  return std::all_of(symbols.begin(), symbols.end(), [&](const smt::Term& v) { return named.count(v.id()) != 0; });
}

smt::Term overNamedValues(const State& head, const smt::Term& states, const std::set<unsigned>& named,
                          z3::context& context) {
  constexpr unsigned kProjectionMillis = 500;
  std::vector<smt::Term> facts = head.allFacts();
  facts.push_back(states);
  z3::expr_vector unnamed(context), conjunction(context), kept(context);
  for (const smt::Term& v : symbolsOf(facts))
    if (!named.count(v.id())) unnamed.push_back(v);
  for (const smt::Term& f : facts) conjunction.push_back(f);
  const smt::Term projected = smt::project(context, unnamed, z3::mk_and(conjunction), kProjectionMillis);
  if (!projected.is_quantifier()) return withoutRedundantFacts(projected.simplify(), context);
  std::vector<smt::Term> parts;
  for (const smt::Term& f : facts) smt::conjunctsOf(f, parts);
  for (const smt::Term& part : parts)
    if (allNamed(symbolsOf({part}), named)) kept.push_back(part);
  return z3::mk_and(kept);
}

class Checker {
 public:
  Checker(const Graph& graph, const llvm::Function& main, const llvm::Module& module, const ProgramIndex& index,
          z3::context& context, const RecurrenceOptions& options)
      : graph_(graph),
        index_(index),
        context_(context),
        options_(options),
        limits_{options.queryMillis, options.deadline, options.smtLog},
        solver_(context, limits_),
        executor_(context, solver_, index, module),
        watch_(context, options.smtLog) {
    // The graph's executor named the run constants (the addresses of globals) first: the same names mean the same.
    executor_.initialState(main);
    executor_.skipVariables(graph.variables);
    for (const smt::Term& c : executor_.runConstants()) runConstants_.insert(c.id());
  }

  // The set with the facts a reader does not need left out, one at a time, as long as it stays a proof.
  std::optional<ProgramRecurrence> checkAndShorten(int head, const smt::Term& states) {
    std::optional<ProgramRecurrence> found = check(head, states);
    if (!found) return std::nullopt;
    std::vector<smt::Term> facts;
    smt::conjunctsOf(states, facts);
    for (size_t k = 0; k < facts.size() && facts.size() > 1 && k < kFactsShortened; ) {
      if (options_.deadline.expired()) break;
      std::vector<smt::Term> fewer = facts;
      fewer.erase(fewer.begin() + static_cast<std::ptrdiff_t>(k));
      z3::expr_vector conjunction(context_);
      for (const smt::Term& f : fewer) conjunction.push_back(f);
      if (std::optional<ProgramRecurrence> shorter = check(head, z3::mk_and(conjunction))) {
        found = std::move(shorter);
        facts = std::move(fewer);
      } else {
        ++k;
      }
    }
    return found;
  }

 private:
  static constexpr size_t kFactsShortened = 16;
  static constexpr unsigned kEliminationMillis = 500;
  static constexpr int kAlignment = 16;

  std::optional<ProgramRecurrence> check(int head, const smt::Term& states) {
    const State& general = graph_.nodes[head].state;
    std::set<unsigned> known;  // the head state's variables and the run constants
    std::vector<smt::Term> ignored;
    collectSymbols(general, known, ignored);
    known.insert(runConstants_.begin(), runConstants_.end());
    for (const smt::Term& v : symbolsOf({states}))
      if (!known.count(v.id())) return std::nullopt;  // the set speaks of another location's variables
    // Without a state a stem could end in, the closure (the costly part) would decide nothing.
    const std::vector<StemState> stems = stemStates(head);
    if (stems.empty()) return std::nullopt;
    std::optional<size_t> paths = closedUnderIteration(general, states, known);
    if (!paths) return std::nullopt;
    std::optional<ProgramRecurrence> found = reached(head, stems, states);
    if (!found) return std::nullopt;
    found->paths = *paths;
    return found;
  }

  // The states of the graph a stem may end in: at the head's position above every merge, each with the
  // generalizations (instance to general) that lead from it to the head.
  using StemState = std::pair<size_t, std::vector<const Instantiation*>>;
  std::vector<StemState> stemStates(int head) const {
    std::vector<StemState> found;
    const State& general = graph_.nodes[head].state;
    for (size_t n = 0; n < graph_.nodes.size(); ++n) {
      const Node& node = graph_.nodes[n];
      if (!node.state.inputsKnown || node.status == Node::Status::Removed || !atPositionOf(node.state, general))
        continue;
      std::vector<const Instantiation*> chain;
      int at = static_cast<int>(n);
      while (at != head && graph_.nodes[at].status == Node::Status::Generalized && chain.size() < graph_.nodes.size()) {
        chain.push_back(&graph_.nodes[at].instantiation);
        at = graph_.nodes[at].generalization;
      }
      if (at == head) found.emplace_back(n, std::move(chain));
    }
    return found;
  }

  // The number of iteration paths that keep `states` closed, or nothing.
  std::optional<size_t> closedUnderIteration(const State& general, const smt::Term& states,
                                             const std::set<unsigned>& known) {
    State start = general;
    start.stepVariables.reset();
    start.inputsKnown = true;  // below a merge the draws before the head are unknown; those of the body are not
    start.addFacts({states});
    z3::expr_vector stays(context_);
    size_t used = 0;
    for (State& end : iterations(start)) {
      if (options_.deadline.expired()) return std::nullopt;
      if (!end.inputsKnown) continue;
      dropDeadValues(end, index_);
      if (!sameShape(end, general)) continue;
      executor_.sync(end);
      std::optional<Instantiation> mu = instanceOf(end, general, solver_, executor_, index_.pointerBits());
      if (!mu) continue;
      std::vector<smt::Term> facts = executor_.formula(end);
      const smt::Term again = mu->apply(states);
      // A new object's address is not chosen here (nothing says where the implementation puts it): a path whose
      // facts mention one is left out, as is one with a value no rule defined exactly.
      std::vector<smt::Term> draws, others;
      std::set<unsigned> drawn;
      for (const InputTrail* d : drawsSince(end, general.inputs)) drawn.insert(d->value.id());
      std::vector<smt::Term> all = facts;
      all.push_back(again);
      for (const smt::Term& v : symbolsOf(all))
        if (!known.count(v.id())) (drawn.count(v.id()) ? draws : others).push_back(v);
      if (!allExact(others, executor_.exactVariables()) || !determined(facts, others)) continue;
      z3::expr_vector bound(context_);
      for (const smt::Term& v : draws) bound.push_back(v);
      for (const smt::Term& v : others) bound.push_back(v);
      // The path's own values are mostly defined by equalities: without them the question has no quantifier.
      stays.push_back(smt::project(context_, bound, z3::mk_and(toVector(facts)) && again, kEliminationMillis));
      ++used;
    }
    if (used == 0) return std::nullopt;
    z3::solver s = smt::makeSolver(context_, smt::Procedure::Simple, limits_);
    s.add(z3::mk_and(toVector(executor_.formula(start))));
    s.add(!z3::mk_or(stays));
    if (smt::checkLimited(watch_, s, limits_) != z3::unsat) return std::nullopt;
    return used;
  }

  // The states one iteration from `start` leads back to the head's position, on the paths that get there without a
  // failed check (each with its facts), as far as the limits let the executor go.
  std::vector<State> iterations(const State& start) {
    std::vector<State> ends, work{start};
    for (size_t steps = 0; !work.empty() && steps < options_.maxSteps; ++steps) {
      if (options_.deadline.expired()) break;
      State state = std::move(work.back());
      work.pop_back();
      StepResult result = executor_.step(state);
      switch (result.kind) {
        case StepResult::Kind::Next:
          if (atPositionOf(*result.next, start)) {
            ends.push_back(std::move(*result.next));
            if (ends.size() >= options_.maxPaths) return ends;
          } else {
            work.push_back(std::move(*result.next));
          }
          break;
        case StepResult::Kind::Split: {
          State yes = *result.next;
          State no = std::move(*result.next);
          yes.addFacts({*result.condition});
          no.addFacts({!*result.condition});
          work.push_back(std::move(no));
          work.push_back(std::move(yes));
          break;
        }
        default:  // an error, an end or an infeasible path does not come back
          break;
      }
    }
    return ends;
  }

  // The values an execution draws to reach a state of the set at `head`: from one of `stems` (stemStates), through
  // the generalizations that lead to the head.
  std::optional<ProgramRecurrence> reached(int head, const std::vector<StemState>& stems, const smt::Term& states) {
    for (const auto& [n, chain] : stems) {
      if (options_.deadline.expired()) break;
      const Node& node = graph_.nodes[n];
      smt::Term there = states;
      for (auto it = chain.rbegin(); it != chain.rend(); ++it) there = (*it)->apply(there);
      // The draws are chosen, and so is where the objects lie, among the layouts an implementation may choose: the
      // memory facts (inside the address space, disjoint) and every object aligned to 16 bytes, which every type's
      // alignment divides. Every other value must be one the rules defined exactly, fixed by those.
      std::vector<smt::Term> facts = executor_.formula(node.state);
      std::vector<const InputTrail*> draws = drawsSince(node.state, nullptr);
      std::set<unsigned> chosen = runConstants_;
      for (const smt::Term& lo : startsOf(node.state)) {
        chosen.insert(lo.id());
        facts.push_back(z3::mod(lo, context_.int_val(kAlignment)) == 0);
      }
      for (const InputTrail* d : draws) chosen.insert(d->value.id());
      std::vector<smt::Term> all = facts, others;
      all.push_back(there);
      for (const smt::Term& v : symbolsOf(all))
        if (!chosen.count(v.id())) others.push_back(v);
      if (!allExact(others, graph_.exactVariables) || !determined(facts, others)) continue;
      z3::solver s = smt::makeSolver(context_, smt::Procedure::Simple, limits_);
      s.add(z3::mk_and(toVector(facts)) && there);
      if (smt::checkLimited(watch_, s, limits_) != z3::sat) continue;
      const z3::model model = s.get_model();
      ProgramRecurrence found{head, states, states, states, "", 0, {}, {}, true};
      for (const InputTrail* d : draws) {
        const z3::expr number = model.eval(d->value, true);
        found.stem.push_back(number.get_decimal_string(0));
        const z3::expr fits = d->view == View::Signed ? smt::inSignedRange(number, d->bits)
                                                      : smt::inUnsignedRange(number, d->bits);
        found.stemFitsTypes = found.stemFitsTypes && model.eval(fits, true).is_true();
        found.stemPatterns.push_back(
            model.eval(z3::mod(number, smt::powerOfTwo(context_, d->bits)), true).get_numeral_uint64());
      }
      return found;
    }
    return std::nullopt;
  }

  static bool allExact(const std::vector<smt::Term>& variables, const std::unordered_set<std::string>& exact) {
    return std::all_of(variables.begin(), variables.end(),
                       [&](const smt::Term& v) { return exact.count(v.decl().name().str()) != 0; });
  }

  // Whether `facts` fix the values of `unknowns` once every other variable's value is given: two models that agree
  // on the others agree on them.
  bool determined(const std::vector<smt::Term>& facts, const std::vector<smt::Term>& unknowns) {
    if (unknowns.empty()) return true;
    z3::expr_vector from(context_), to(context_), differs(context_);
    for (const smt::Term& u : unknowns) {
      from.push_back(u);
      to.push_back(context_.constant((u.decl().name().str() + "!other").c_str(), u.get_sort()));
      differs.push_back(u != to.back());
    }
    const z3::expr both = z3::mk_and(toVector(facts));
    z3::expr copy = both;
    copy = copy.substitute(from, to);
    z3::solver s = smt::makeSolver(context_, smt::Procedure::Simple, limits_);
    s.add(both && copy && z3::mk_or(differs));
    return smt::checkLimited(watch_, s, limits_) == z3::unsat;
  }

  z3::expr_vector toVector(const std::vector<smt::Term>& terms) {
    z3::expr_vector v(context_);
    for (const smt::Term& t : terms) v.push_back(t);
    return v;
  }

  const Graph& graph_;
  const ProgramIndex& index_;
  z3::context& context_;
  const RecurrenceOptions& options_;
  smt::Limits limits_;
  smt::Solver solver_;
  Executor executor_;
  smt::QueryWatch watch_;
  std::set<unsigned> runConstants_;
};

}  // namespace

std::optional<ProgramRecurrence> findProgramRecurrence(const Graph& graph, const GraphSystem& system,
                                                       const llvm::Function& main, const llvm::Module& module,
                                                       const ProgramIndex& index, z3::context& context,
                                                       const RecurrenceOptions& options) {
  termination::NonTerminationOptions search;
  search.deadline = options.deadline;
  std::vector<termination::RecurrentSet> candidates = termination::closedSets(system.its, context, search);
  if (candidates.empty()) return std::nullopt;
  Checker checker(graph, main, module, index, context, options);
  for (size_t k = 0; k < candidates.size() && k < options.maxCandidates && !options.deadline.expired(); ++k) {
    const termination::RecurrentSet& c = candidates[k];
    if (c.head >= system.nodeOfLocation.size()) continue;
    if (std::optional<ProgramRecurrence> found = checker.checkAndShorten(system.nodeOfLocation[c.head], c.states)) {
      found->kind = c.kind;
      const State& head = graph.nodes[found->head].state;
      const std::set<unsigned> named = namedValues(head, index, context);
      found->overNamedValues = overNamedValues(head, found->states, named, context);
      found->shown = allNamed(symbolsOf({found->states}), named) ? found->states : found->overNamedValues;
      return found;
    }
  }
  return std::nullopt;
}

}  // namespace atropos::symex
