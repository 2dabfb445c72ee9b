#include "reachability.h"

#include <algorithm>
#include <climits>
#include <functional>
#include <optional>
#include <set>
#include <sstream>
#include <unordered_map>
#include <variant>

#include "common/text.h"
#include "its/nullspace.h"
#include "smt/failure.h"
#include "smt/isolated.h"
#include "smt/printing.h"
#include "smt/query_log.h"
#include "smt/solver.h"
#include "smt/term.h"

namespace atropos::symex {

namespace {

constexpr size_t kOctagonValues = 8;  // program values per location the octagons relate
// Budgets in Z3's resource units, not in time: a resource limit makes the answer independent of the machine's load
// (smt::makeSolver). The watch of each check ends those where Z3 does not count (smt::checkLimited).
constexpr unsigned kOctagonMillis = 1000;  // per linear program or inductiveness question
constexpr unsigned kEqualityMillis = 300;  // per polynomial claim: one the solver does not settle soon it rarely does
constexpr unsigned kMaxExpandedDegree = 6;  // of a polynomial claim or definition that is multiplied out
constexpr unsigned kMaxSimplifySteps = 100000;  // of Z3's simplifier multiplying one out
constexpr unsigned kCheckMillis = 2000;    // per clause of the solution's check
constexpr unsigned kSpacerMillis = 60000;  // bounded by the deadline first

// Spacer's lemmas are linear; a fact with a product of two values or a division by one only slows it down.
class LinearFacts {
 public:
  bool linear(const smt::Term& e) {
    if (auto it = known_.find(e.id()); it != known_.end()) return it->second;
    bool result = check(e);
    known_.emplace(e.id(), result);
    return result;
  }

 private:
  bool check(const smt::Term& e) {
    if (e.is_numeral() || e.is_const()) return true;
    if (!e.is_app()) return false;
    switch (e.decl().decl_kind()) {
      case Z3_OP_MUL: {
        unsigned factors = 0;
        for (unsigned k = 0; k < e.num_args(); ++k) factors += e.arg(k).is_numeral() ? 0 : 1;
        if (factors > 1) return false;
        break;
      }
      case Z3_OP_IDIV:
      case Z3_OP_MOD:
      case Z3_OP_REM:
        if (!e.arg(1).is_numeral()) return false;
        break;
      case Z3_OP_ADD:
      case Z3_OP_SUB:
      case Z3_OP_UMINUS:
      case Z3_OP_NOT:
      case Z3_OP_AND:
      case Z3_OP_OR:
      case Z3_OP_IMPLIES:
      case Z3_OP_ITE:
        break;
      default:
        if (!smt::cComparison(e.decl().decl_kind())) return false;
    }
    for (unsigned k = 0; k < e.num_args(); ++k)
      if (!linear(e.arg(k))) return false;
    return true;
  }

  std::unordered_map<unsigned, bool> known_;
};

// A formula that speaks of nothing but its bound variables (the predicate's arguments and quantified ones).
bool closed(const z3::expr& e, std::set<unsigned>& visited) {
  if (!visited.insert(e.id()).second) return true;
  if (smt::isSymbol(e)) return false;
  if (e.is_quantifier()) return closed(e.body(), visited);
  if (e.is_app())
    for (unsigned k = 0; k < e.num_args(); ++k)
      if (!closed(e.arg(k), visited)) return false;
  return true;
}

// A path of the graph's tree from one location (the initial state or a general state) to the next, or to a target.
struct Clause {
  int from = -1;  // -1: the initial state's facts alone
  smt::Term constraint;
  int to = -1;  // -1: a target, the clause says the path cannot be taken
  std::vector<smt::Term> arguments;  // of `to`'s predicate
};

bool live(const Node& node) {
  return node.status != Node::Status::Removed && node.status != Node::Status::Infeasible;
}

smt::Term instantiated(const smt::Term& formula, const std::vector<smt::Term>& formals,
                       const std::vector<smt::Term>& actuals, z3::context& context) {
  z3::expr_vector from(context), to(context);
  for (size_t k = 0; k < formals.size(); ++k) {
    from.push_back(formals[k]);
    to.push_back(actuals[k]);
  }
  return smt::Term(smt::Term(formula).substitute(from, to));
}

smt::Term conjunctionOf(const std::vector<smt::Term>& parts, z3::context& context) {
  z3::expr_vector v(context);
  for (const smt::Term& p : parts) v.push_back(p);
  return smt::Term(z3::mk_and(v));
}

unsigned millisLeft(const Deadline& deadline, unsigned cap) {
  return static_cast<unsigned>(std::max(1.0, std::min(deadline.secondsLeft() * 1000, static_cast<double>(cap))));
}

// ±a >= c and ±a ± b >= c for the location's program values (those of the running function), c the least value
// the left side takes where the location is entered from elsewhere; none where that is unbounded.
// The least value of each objective under `constraint` (none where unbounded or not found), or nothing when the
// constraint is unsatisfiable. Z3 4.8.12's optimizer crashed (SIGSEGV) on some of these small linear problems when
// its resource limit stopped it, so it runs in a child process, where a crash is an unknown answer.
struct Minima {
  bool satisfiable = true;
  std::vector<std::optional<int64_t>> least;
};

Minima minimizeApart(z3::context& context, const smt::Term& constraint, const std::vector<smt::Term>& objectives,
                     unsigned millis, const std::shared_ptr<smt::QueryLog>& smtLog) {
  Minima unknown{true, std::vector<std::optional<int64_t>>(objectives.size())};
  // The resource limit stops the child; the time limit only guards against a child that hangs.
  constexpr unsigned kSlackMillis = 5000;
  std::optional<std::string> text = smt::runApart(
      [&] {
        z3::optimize optimizer = smt::boxOptimizer(context, smt::Limits(millis));
        optimizer.add(constraint);
        std::vector<z3::optimize::handle> handles;
        for (const smt::Term& objective : objectives) handles.push_back(optimizer.minimize(objective));
        z3::check_result answer = optimizer.check();
        std::ostringstream out;
        out << (answer == z3::unsat ? "unsat" : answer == z3::sat ? "sat" : "unknown") << "\n";
        for (const z3::optimize::handle& h : handles) {
          int64_t value;
          if (answer == z3::sat && optimizer.lower(h).is_numeral_i64(value))
            out << value << "\n";
          else
            out << "-\n";
        }
        return out.str();
      },
      std::chrono::milliseconds(millis + kSlackMillis));
  std::istringstream in(text.value_or(""));
  std::string line;
  const bool answered = static_cast<bool>(std::getline(in, line));
  if (smtLog) {
    const z3::check_result answer = !answered ? z3::unknown : line == "unsat" ? z3::unsat
                                    : line == "sat"                          ? z3::sat
                                                                             : z3::unknown;
    smtLog->recordMinimization(constraint, objectives, answer);
  }
  if (!answered) return unknown;
  if (line == "unsat") return Minima{false, {}};
  Minima minima{true, {}};
  while (std::getline(in, line) && minima.least.size() < objectives.size())
    minima.least.push_back(line == "-" ? std::nullopt : std::optional<int64_t>(std::stoll(line)));
  if (minima.least.size() != objectives.size()) return unknown;
  return minima;
}

std::vector<smt::Term> octagonCandidates(int location, const State& state, const std::vector<smt::Term>& formals,
                                         const std::vector<Clause>& clauses, z3::context& context,
                                         const Deadline& deadline, const std::shared_ptr<smt::QueryLog>& smtLog) {
  std::vector<smt::Term> values;
  std::set<unsigned> seen;
  for (const Local& l : state.top().locals)
    if (smt::isSymbol(l.value) && l.value.is_int() && values.size() < kOctagonValues &&
        seen.insert(l.value.id()).second)
      values.push_back(l.value);
  std::vector<smt::Term> sides;
  for (size_t i = 0; i < values.size(); ++i) {
    sides.push_back(values[i]);
    sides.push_back(-values[i]);
    for (size_t j = i + 1; j < values.size(); ++j)
      for (int a : {1, -1})
        for (int b : {1, -1}) sides.push_back(smt::Term(a * values[i] + b * values[j]));
  }
  std::vector<std::optional<int64_t>> least(sides.size());
  std::vector<bool> bounded(sides.size(), true);
  bool entered = false;
  for (const Clause& c : clauses) {
    if (c.to != location || c.from == location) continue;
    if (deadline.expired()) return {};
    std::vector<smt::Term> objectives;
    for (const smt::Term& side : sides) objectives.push_back(instantiated(side, formals, c.arguments, context));
    Minima minima = minimizeApart(context, c.constraint, objectives, millisLeft(deadline, kOctagonMillis), smtLog);
    if (!minima.satisfiable) continue;  // this entry is never taken
    entered = true;
    for (size_t k = 0; k < sides.size(); ++k) {
      if (!minima.least[k]) {
        bounded[k] = false;
        continue;
      }
      if (!least[k] || *minima.least[k] < *least[k]) least[k] = minima.least[k];
    }
  }
  std::vector<smt::Term> candidates;
  if (!entered) return candidates;
  for (size_t k = 0; k < sides.size(); ++k)
    if (bounded[k] && least[k]) candidates.push_back(smt::Term(sides[k] >= context.int_val(*least[k])));
  return candidates;
}

// Houdini: drops the candidates some clause does not preserve until every one left is preserved by every clause.
void keepInductive(std::unordered_map<int, std::vector<smt::Term>>& candidates, const std::vector<Clause>& clauses,
                   const std::vector<std::vector<smt::Term>>& formals, z3::context& context,
                   smt::QueryWatch& watch, const Deadline& deadline) {
  for (bool changed = true; changed;) {
    changed = false;
    for (const Clause& c : clauses) {
      if (c.to < 0) continue;
      std::vector<smt::Term>& goal = candidates[c.to];
      while (!goal.empty()) {
        if (deadline.expired()) {
          for (auto& entry : candidates) entry.second.clear();
          return;
        }
        const smt::Limits limits{kOctagonMillis, deadline};
        z3::solver solver = smt::makeSolver(context, smt::Procedure::Simple, limits);
        solver.add(c.constraint);
        if (c.from >= 0) solver.add(conjunctionOf(candidates[c.from], context));
        std::vector<smt::Term> claims;
        for (const smt::Term& g : goal) claims.push_back(instantiated(g, formals[c.to], c.arguments, context));
        solver.add(!conjunctionOf(claims, context));
        z3::check_result answer = smt::checkLimited(watch, solver, limits);
        if (answer == z3::unsat) break;
        changed = true;
        std::vector<smt::Term> kept;
        if (answer == z3::sat) {
          z3::model model = solver.get_model();
          for (size_t k = 0; k < goal.size(); ++k)
            if (!model.eval(claims[k], true).is_false()) kept.push_back(goal[k]);
        }
        if (kept.size() == goal.size()) kept.clear();
        goal = std::move(kept);
      }
    }
  }
}

}  // namespace

namespace {

// The graph as constrained Horn clauses (reachability.h): the locations (the initial state first), each one's
// symbols (by node id), and the clauses; or why not.
struct ClauseSystem {
  std::vector<int> locations;
  std::vector<std::vector<smt::Term>> symbols;
  std::vector<Clause> clauses;
  std::string failure;  // empty when built
};

// Which facts of the states the clauses keep: the linear ones (for Spacer), or all (products included, so that a
// clause computes what the program computes, for sample runs and polynomial invariants).
enum class Facts { Linear, All };

ClauseSystem clausesOf(const Graph& graph, const std::vector<int>& targets, const ProgramIndex& index,
                       z3::context& context, const Deadline& deadline, Facts kept = Facts::Linear) {
  ClauseSystem result;
  auto failed = [&](std::string why) {
    result.failure = std::move(why);
    return result;
  };
  auto outOfTime = [&]() { return failed("the time ran out"); };
  size_t n = graph.nodes.size();
  std::vector<bool> known(n, false);
  std::vector<std::vector<smt::Term>> symbols(n);
  std::vector<std::set<unsigned>> symbolIds(n);
  std::vector<std::vector<smt::Term>> facts(n);
  LinearFacts linear;
  for (size_t id = 0; id < n; ++id) {
    const Node& node = graph.nodes[id];
    if (!live(node) || node.state.frames.empty()) continue;
    if (deadline.expired()) return outOfTime();
    known[id] = true;
    collectSymbols(node.state, symbolIds[id], symbols[id]);
    std::set<unsigned> seen;
    for (const smt::Term& fact : formulaOf(context, node.state, index.pointerBits(), index.integers())) {
      std::vector<smt::Term> parts;
      smt::conjunctsOf(fact, parts);
      for (const smt::Term& part : parts)
        if ((kept == Facts::All || linear.linear(part)) && seen.insert(part.id()).second) facts[id].push_back(part);
    }
  }
  if (n == 0 || !known[0]) return failed("the graph has no initial state");
  auto generalizesTo = [&](int id) {
    const Node& node = graph.nodes[id];
    if (node.status != Node::Status::Generalized || node.generalization < 0 || !known[node.generalization]) return -1;
    return node.generalization;
  };
  std::vector<int> locations{0};
  std::vector<bool> isLocation(n, false);
  isLocation[0] = true;
  for (size_t id = 0; id < n; ++id)
    if (known[id])
      if (int g = generalizesTo(static_cast<int>(id)); g >= 0 && !isLocation[g]) {
        isLocation[g] = true;
        locations.push_back(g);
      }
  std::vector<bool> isTarget(n, false);
  for (int t : targets) isTarget[t] = true;

  // The paths from each location, with the facts of every state on them: a value keeps its symbol along a path,
  // so the facts of earlier states still hold at its end.
  std::vector<Clause> clauses{Clause{-1, conjunctionOf(facts[0], context), 0, symbols[0]}};
  for (int start : locations) {
    std::vector<smt::Term> path;
    std::set<unsigned> pathIds;
    // The symbols the path has had so far, in the order they came: a state that gets one of them anew (after
    // its parent forgot it) would make two values one.
    std::vector<unsigned> named(symbolIds[start].begin(), symbolIds[start].end());
    std::set<unsigned> namedIds(named.begin(), named.end());
    struct Entry {
      int node;  // -1: leaving a node, the path goes back to `size` facts and `names` symbols
      int parent;
      size_t size;
      size_t names;
    };
    std::vector<Entry> work{{start, -1, 0, 0}};
    while (!work.empty()) {
      if (deadline.expired()) return outOfTime();
      Entry e = work.back();
      work.pop_back();
      if (e.node < 0) {
        for (size_t k = e.size; k < path.size(); ++k) pathIds.erase(path[k].id());
        path.erase(path.begin() + static_cast<std::ptrdiff_t>(e.size), path.end());
        for (size_t k = e.names; k < named.size(); ++k) namedIds.erase(named[k]);
        named.resize(e.names);
        continue;
      }
      int id = e.node;
      const Node& node = graph.nodes[id];
      if (!known[id]) {
        // Only removed and infeasible states are left out, and ends of the program without a frame: no path
        // to a target may pass through a state the clauses do not speak of.
        if (live(node) && (isTarget[id] || !node.children.empty()))
          return failed("the graph has a state without a frame on a path");
        continue;
      }
      work.push_back({-1, -1, path.size(), named.size()});
      if (e.parent >= 0)
        for (unsigned v : symbolIds[id]) {
          if (symbolIds[e.parent].count(v)) continue;
          if (!namedIds.insert(v).second) return failed("a path of the graph names a value anew");
          named.push_back(v);
        }
      for (const smt::Term& f : facts[id])
        if (pathIds.insert(f.id()).second) path.push_back(f);
      if (e.parent >= 0 && isLocation[id]) {
        clauses.push_back(Clause{start, conjunctionOf(path, context), id, symbols[id]});
        continue;
      }
      if (isTarget[id]) {
        clauses.push_back(Clause{start, conjunctionOf(path, context), -1, {}});
        continue;
      }
      if (int g = generalizesTo(id); g >= 0) {
        std::vector<smt::Term> instance;
        for (const smt::Term& v : symbols[g]) instance.push_back(graph.nodes[id].instantiation.apply(v));
        clauses.push_back(Clause{start, conjunctionOf(path, context), g, std::move(instance)});
      }
      for (int child : graph.nodes[id].children) work.push_back({child, id, 0, 0});
    }
  }
  result.locations = std::move(locations);
  result.symbols = std::move(symbols);
  result.clauses = std::move(clauses);
  return result;
}

// A formula per location over its arguments, nullopt where there is none.
using Interpretation = std::function<std::optional<smt::Term>(int, const std::vector<smt::Term>&)>;

// The clauses of a graph read under interpretations of their locations: each clause as an implication, and whether
// every clause is valid under one interpretation.
class ClauseCheck {
 public:
  ClauseCheck(const ClauseSystem& system, z3::context& context, smt::QueryWatch& watch, const Deadline& deadline)
      : system_(system), context_(context), watch_(watch), deadline_(deadline) {}

  // The clause with its source read under `assumed` and its target under `concluded` (false for a target).
  std::optional<smt::Term> implication(const Clause& c, const Interpretation& assumed,
                                       const Interpretation& concluded) const {
    smt::Term body = c.constraint;
    if (c.from >= 0) {
      std::optional<smt::Term> before = assumed(c.from, system_.symbols[c.from]);
      if (!before) return std::nullopt;
      body = *before && body;
    }
    smt::Term head = context_.bool_val(false);
    if (c.to >= 0) {
      std::optional<smt::Term> after = concluded(c.to, c.arguments);
      if (!after) return std::nullopt;
      head = *after;
    }
    return smt::Term(z3::implies(body, head));
  }

  // Checks every clause under `invariant` and, when all hold, keeps the invariant at the general states as the
  // evidence of `result`, which is then proven.
  bool establish(const Interpretation& invariant, Unreachability& result) const {
    for (const Clause& c : system_.clauses) {
      std::optional<smt::Term> claim = implication(c, invariant, invariant);
      if (!claim || !valid(*claim)) return false;
    }
    for (int l : system_.locations)
      if (l != 0)
        if (std::optional<smt::Term> i = invariant(l, system_.symbols[l]))
          result.invariants.emplace_back(l, i->simplify());
    result.proven = true;
    return true;
  }

 private:
  bool valid(const smt::Term& claim) const {
    if (deadline_.expired()) return false;
    const smt::Limits limits{kCheckMillis, deadline_};
    z3::solver check = smt::makeSolver(context_, smt::Procedure::Simple, limits);
    check.add(!claim);
    return smt::checkLimited(watch_, check, limits) == z3::unsat;
  }

  const ClauseSystem& system_;
  z3::context& context_;
  smt::QueryWatch& watch_;
  const Deadline& deadline_;
};

smt::Term universallyClosed(const smt::Term& formula, z3::context& context) {
  std::set<unsigned> seen;
  std::vector<smt::Term> variables;
  smt::collectSymbols(formula, seen, variables);
  std::erase_if(variables, [](const smt::Term& v) { return !v.is_int(); });  // nullary predicates
  if (variables.empty()) return formula;
  z3::expr_vector bound(context);
  for (const smt::Term& v : variables) bound.push_back(v);
  return smt::Term(z3::forall(bound, formula));
}

// Spacer's solution of the clauses, a predicate per location assumed with `facts`, translated into `context`; or
// why there is none.
std::variant<z3::model, std::string> spacerSolution(const ClauseCheck& check, const ClauseSystem& system,
                                                    const std::unordered_map<int, z3::func_decl>& predicate,
                                                    const Interpretation& facts, z3::context& context,
                                                    const Deadline& deadline,
                                                    const std::shared_ptr<smt::QueryLog>& smtLog) {
  auto application = [&](int l, const std::vector<smt::Term>& arguments) -> std::optional<smt::Term> {
    z3::expr_vector args(context);
    for (const smt::Term& a : arguments) args.push_back(a);
    return smt::Term(predicate.at(l)(args));
  };
  Interpretation assumed = [&](int l, const std::vector<smt::Term>& arguments) -> std::optional<smt::Term> {
    return *application(l, arguments) && *facts(l, arguments);
  };
  if (deadline.secondsLeft() <= 0) return std::string("the time ran out");
  // Spacer works in a context of its own: in the shared one, its search would depend on every term made before
  // (their numbering), and so would its answer within the limit.
  z3::context spacerContext;
  z3::solver horn = smt::makeSolver(spacerContext, smt::Procedure::Horn, smt::Limits(kSpacerMillis, deadline));
  z3::expr_vector hornClauses(context);
  for (const Clause& c : system.clauses)
    hornClauses.push_back(universallyClosed(*check.implication(c, assumed, application), context));
  // Its resource limit above decides; the watch ends it at the deadline where Z3 does not count resources.
  smt::QueryWatch spacerWatch(spacerContext, smtLog);
  z3::check_result answer = z3::unknown;
  if (const std::optional<smt::SolverFailure> failure = smt::attempt([&] {
        for (const z3::expr& clause : z3::expr_vector(spacerContext, hornClauses)) horn.add(clause);
        answer = spacerWatch.check(horn, std::chrono::milliseconds(millisLeft(deadline, UINT_MAX)));
      }))
    return "the Horn solver: " + failure->reason();
  if (answer == z3::unsat)
    return std::string("the clauses of the graph reach an error state (the graph may over-approximate)");
  if (answer != z3::sat) return std::string("the Horn solver found no invariant in time");
  std::optional<z3::model> solution;
  if (const std::optional<smt::SolverFailure> failure = smt::attempt(
          [&] {
            z3::model spacerModel = horn.get_model();
            solution.emplace(spacerModel, context, z3::model::translate());
          }))
    return "the Horn solver: " + failure->reason();
  return *solution;
}

}  // namespace

Unreachability proveUnreachable(const Graph& graph, const std::vector<int>& targets, const ProgramIndex& index,
                                z3::context& context, const Deadline& deadline,
                                const std::shared_ptr<smt::QueryLog>& smtLog) {
  Unreachability result;
  auto outOfTime = [&]() {
    result.reason = "the time ran out";
    return result;
  };
  smt::QueryWatch watch(context, smtLog);
  ClauseSystem system = clausesOf(graph, targets, index, context, deadline);
  if (!system.failure.empty()) {
    result.reason = system.failure;
    return result;
  }
  const std::vector<std::vector<smt::Term>>& symbols = system.symbols;
  const ClauseCheck check(system, context, watch, deadline);

  // Octagonal invariants first (±a ± b >= c over the locations' program values, c the least value at the
  // location's entries, kept while inductive): cheap, and the relations Spacer is slowest to find, since it learns
  // them one iteration at a time (y - z stays the same while both count down from far apart).
  std::unordered_map<int, std::vector<smt::Term>> octagons;
  for (int l : system.locations)
    octagons[l] = octagonCandidates(l, graph.nodes[l].state, symbols[l], system.clauses, context, deadline, smtLog);
  keepInductive(octagons, system.clauses, symbols, context, watch, deadline);
  if (deadline.expired()) return outOfTime();
  Interpretation octagon = [&](int l, const std::vector<smt::Term>& arguments) -> std::optional<smt::Term> {
    return instantiated(conjunctionOf(octagons[l], context), symbols[l], arguments, context);
  };
  if (check.establish(octagon, result)) return result;
  if (deadline.expired()) return outOfTime();

  // Spacer, with the octagons as facts of the locations it starts from.
  std::unordered_map<int, z3::func_decl> predicate;
  for (int l : system.locations) {
    z3::sort_vector domain(context);
    for (size_t k = 0; k < symbols[l].size(); ++k) domain.push_back(context.int_sort());
    predicate.emplace(l, context.function(numbered("state", static_cast<unsigned long long>(l)).c_str(), domain,
                                          context.bool_sort()));
  }
  std::variant<z3::model, std::string> solution =
      spacerSolution(check, system, predicate, octagon, context, deadline, smtLog);
  if (std::string* why = std::get_if<std::string>(&solution)) {
    result.reason = *why;
    return result;
  }
  // The solution is checked before it is believed, with the octagons: every clause valid with the predicates
  // replaced by their interpretations, each a formula over its arguments alone.
  const z3::model& model = std::get<z3::model>(solution);
  Interpretation solved = [&](int l, const std::vector<smt::Term>& arguments) -> std::optional<smt::Term> {
    const z3::func_decl& p = predicate.at(l);
    if (!model.has_interp(p)) return std::nullopt;
    if (p.arity() != 0 && model.get_func_interp(p).num_entries() != 0) return std::nullopt;
    z3::expr definition = p.arity() == 0 ? model.get_const_interp(p) : model.get_func_interp(p).else_value();
    std::set<unsigned> visited;
    if (!closed(definition, visited)) return std::nullopt;
    z3::expr_vector args(context);
    for (const smt::Term& a : arguments) args.push_back(a);
    return smt::Term(p.arity() == 0 ? definition : definition.substitute(args)) && *octagon(l, arguments);
  };
  if (check.establish(solved, result)) return result;
  result.reason = deadline.expired() ? "the time ran out while checking the invariant"
                                     : "the Horn solver's invariant did not check";
  return result;
}

}  // namespace atropos::symex

namespace atropos::symex {

namespace {

constexpr size_t kSampleRuns = 32;
constexpr size_t kSampleSteps = 16;
constexpr int64_t kLargestSample = int64_t{1} << 20;  // a run stops when a value grows beyond (products stay exact)
constexpr size_t kMonomialValues = 10;                // values per location the monomials are built from
constexpr size_t kMaxEqualities = 24;                 // candidates per location
constexpr unsigned kSampleMillis = 200;               // per step of a sample run

// A small input for sample run `run`, symbol `k`: varied but the same on every call (same input, same output).
int64_t sampleInput(size_t run, size_t k) {
  uint64_t h = (run + 1) * 0x9E3779B97F4A7C15ull ^ (k + 1) * 0xC2B2AE3D27D4EB4Full;
  h ^= h >> 29;
  return static_cast<int64_t>(h % 40) - 8;
}

// The states sample runs of the clauses reach at each location (values of its symbols). A run starts at the
// initial clause and then takes, from the location it is at, the first clause (in an order that varies with the
// run) that a state with those values may take. The values a clause leaves open (inputs) are fixed to small
// values that vary with the run where the clause allows them. The clauses over-approximate the program, so a run
// may also reach states the program does not: samples only suggest candidates. Half of the time left at most.
std::unordered_map<int, std::vector<std::vector<int64_t>>> sampleStates(const ClauseSystem& system,
                                                                        z3::context& context, smt::QueryWatch& watch,
                                                                        const Deadline& deadline) {
  const Deadline sampling = deadline.capped(std::chrono::duration<double>(deadline.secondsLeft() / 2));
  std::unordered_map<int, std::vector<std::vector<int64_t>>> states;
  std::unordered_map<int, std::set<std::vector<int64_t>>> seen;
  std::unordered_map<int, std::vector<const Clause*>> from;
  const Clause* initial = nullptr;
  for (const Clause& c : system.clauses) {
    if (c.to < 0) continue;
    if (c.from < 0)
      initial = &c;
    else
      from[c.from].push_back(&c);
  }
  if (!initial) return states;
  const smt::Limits limits{kSampleMillis, sampling};
  z3::solver solver = smt::makeSolver(context, smt::Procedure::Simple, limits);
  // The values of the clause's arguments in a state that starts with `start` (values of the symbols of the
  // clause's start); nullopt when the clause cannot be taken from there or a value is not a small integer.
  auto step = [&](const Clause& c, const std::vector<int64_t>& start, size_t run)
      -> std::optional<std::vector<int64_t>> {
    std::optional<std::vector<int64_t>> values;
    unsigned scopes = 0;
    auto sample = [&] {
      solver.push();
      ++scopes;
      solver.add(c.constraint);
      std::set<unsigned> fixed;
      if (c.from >= 0)
        for (size_t v = 0; v < system.symbols[c.from].size(); ++v) {
          const smt::Term& symbol = system.symbols[c.from][v];
          if (!symbol.is_int()) continue;
          solver.add(symbol == context.int_val(start[v]));
          fixed.insert(symbol.id());
        }
      if (smt::checkLimited(watch, solver, limits) != z3::sat) return;
      // Inputs: each argument that is a value of its own gets a small value of the run's, if the clause allows.
      for (size_t k = 0; k < c.arguments.size() && !sampling.expired(); ++k) {
        const smt::Term& a = c.arguments[k];
        if (!smt::isSymbol(a) || !a.is_int() || !fixed.insert(a.id()).second) continue;
        solver.push();
        ++scopes;
        solver.add(a == context.int_val(sampleInput(run, k)));
        if (smt::checkLimited(watch, solver, limits) == z3::sat) continue;
        solver.pop();
        --scopes;
      }
      if (smt::checkLimited(watch, solver, limits) == z3::sat) {
        z3::model model = solver.get_model();
        values.emplace();
        for (const smt::Term& a : c.arguments) {
          int64_t v = 0;
          if (!a.is_int() || !model.eval(a, true).is_numeral_i64(v) || v > kLargestSample || v < -kLargestSample) {
            values.reset();
            break;
          }
          values->push_back(v);
        }
      }
    };
    if (smt::attempt(sample)) {
      solver.reset();
      return std::nullopt;
    }
    solver.pop(scopes);
    return values;
  };
  auto record = [&](int location, const std::vector<int64_t>& values) {
    if (seen[location].insert(values).second) states[location].push_back(values);
  };
  for (size_t run = 0; run < kSampleRuns && !sampling.expired(); ++run) {
    std::optional<std::vector<int64_t>> values = step(*initial, {}, run);
    if (!values) continue;
    int at = initial->to;
    record(at, *values);
    for (size_t s = 0; s < kSampleSteps && !sampling.expired(); ++s) {
      const std::vector<const Clause*>& out = from[at];
      std::optional<std::vector<int64_t>> next;
      const Clause* taken = nullptr;
      for (size_t k = 0; k < out.size() && !next; ++k) {
        taken = out[(run + s + k) % out.size()];
        next = step(*taken, *values, run * kSampleSteps + s);
      }
      if (!next) break;
      at = taken->to;
      values = next;
      record(at, *values);
    }
  }
  return states;
}

// The columns of `samples` (rows) named by `monomials` (products of the columns of the values in each; the empty
// product is 1).
std::vector<std::vector<int64_t>> monomialValues(const std::vector<std::vector<int64_t>>& samples,
                                                 const std::vector<std::vector<size_t>>& monomials) {
  std::vector<std::vector<int64_t>> rows;
  for (const auto& sample : samples) {
    std::vector<int64_t> row;
    for (const auto& m : monomials) {
      int64_t value = 1;
      for (size_t v : m) value *= sample[v];  // |values| <= 2^20: a product of two fits
      row.push_back(value);
    }
    rows.push_back(std::move(row));
  }
  return rows;
}

// Polynomial equalities of degree 2 among the values of a location that every sampled state satisfies: the null
// space of the matrix of the monomials' values (its/nullspace.h). The monomials are 1, each value that varies,
// and the products of two among the values that are no affine combination of earlier ones (a product with a value
// that is would only multiply an affine equality). A location with too few samples for its monomials gets none
// (every relation would fit them).
std::vector<smt::Term> sampledEqualities(const State& state, const std::vector<smt::Term>& symbols,
                                         const std::vector<std::vector<int64_t>>& samples, z3::context& context) {
  constexpr size_t kSpareSamples = 4;
  // The running function's program values first (the ones the loop computes with), then the other symbols.
  std::vector<size_t> order;
  std::set<size_t> ordered;
  for (const Local& local : state.top().locals)
    for (size_t v = 0; v < symbols.size(); ++v)
      if (z3::eq(symbols[v], local.value) && ordered.insert(v).second) order.push_back(v);
  for (size_t v = 0; v < symbols.size(); ++v)
    if (ordered.insert(v).second) order.push_back(v);
  std::vector<std::vector<size_t>> monomials{{}};
  std::vector<size_t> independent;
  for (size_t v : order) {
    if (monomials.size() > kMonomialValues) break;
    if (!symbols[v].is_int()) continue;
    if (std::all_of(samples.begin(), samples.end(), [&](const auto& s) { return s[v] == samples.front()[v]; }))
      continue;
    monomials.push_back({v});
    std::vector<std::vector<size_t>> affine{{}};
    for (size_t i : independent) affine.push_back({i});
    affine.push_back({v});
    std::optional<std::vector<std::vector<int64_t>>> relations =
        its::integerNullSpace(monomialValues(samples, affine), affine.size());
    if (relations && relations->empty()) independent.push_back(v);
  }
  if (monomials.size() == 1) return {};
  for (size_t a = 0; a < independent.size(); ++a)
    for (size_t b = a; b < independent.size(); ++b) monomials.push_back({independent[a], independent[b]});
  if (samples.size() < monomials.size() + kSpareSamples) return {};
  std::optional<std::vector<std::vector<int64_t>>> basis =
      its::integerNullSpace(monomialValues(samples, monomials), monomials.size());
  std::vector<smt::Term> equalities;
  if (!basis) return equalities;
  for (const auto& coefficients : *basis) {
    if (equalities.size() >= kMaxEqualities) break;
    smt::Term sum = context.int_val(0);
    for (size_t m = 0; m < monomials.size(); ++m) {
      if (coefficients[m] == 0) continue;
      smt::Term term = context.int_val(coefficients[m]);
      for (size_t v : monomials[m]) term = term * symbols[v];
      sum = sum + term;
    }
    equalities.push_back(smt::Term(sum.simplify() == 0));
  }
  return equalities;
}

// An upper bound of the degree of `e` as a polynomial: a term that is no sum, difference, negation or product of
// its arguments (or power of one by a numeral) counts as a variable. Memoized, since `e` may be a DAG of shared terms.
unsigned degreeOf(const z3::expr& e, std::unordered_map<unsigned, unsigned>& memo) {
  constexpr unsigned kSaturated = 1u << 16;
  if (e.is_numeral()) return 0;
  if (!e.is_app() || e.num_args() == 0) return 1;
  if (auto it = memo.find(e.id()); it != memo.end()) return it->second;
  unsigned degree = 1;
  switch (e.decl().decl_kind()) {
    case Z3_OP_ADD:
    case Z3_OP_SUB:
    case Z3_OP_UMINUS:
    case Z3_OP_EQ:
      degree = 0;
      for (unsigned k = 0; k < e.num_args(); ++k) degree = std::max(degree, degreeOf(e.arg(k), memo));
      break;
    case Z3_OP_MUL:
      degree = 0;
      for (unsigned k = 0; k < e.num_args(); ++k) degree = std::min(kSaturated, degree + degreeOf(e.arg(k), memo));
      break;
    case Z3_OP_POWER: {
      int exponent = 0;
      degree = e.arg(1).is_numeral_i(exponent) && exponent >= 0
                   ? std::min<unsigned>(kSaturated, degreeOf(e.arg(0), memo) * static_cast<unsigned>(exponent))
                   : 1;
      break;
    }
    default:
      break;
  }
  memo.emplace(e.id(), degree);
  return degree;
}

// Z3's simplifier writing polynomials as sums of monomials, within a bound on its work: a product of long sums has
// more monomials than memory holds. Where the bound stops it, the result is partly multiplied out (and still equal).
z3::params sumOfMonomials(z3::context& context) {
  z3::params parameters(context);
  parameters.set("som", true);
  parameters.set("max_steps", kMaxSimplifySteps);
  return parameters;
}

// `e` as a sum of monomials, unless its degree is above kMaxExpandedDegree (multiplying out nested squarings, such
// as those of the definitions of values that wrap around, would not end in time).
std::optional<smt::Term> multipliedOut(const z3::expr& e) {
  std::unordered_map<unsigned, unsigned> memo;
  if (degreeOf(e, memo) > kMaxExpandedDegree) return std::nullopt;
  return smt::Term(e.simplify(sumOfMonomials(e.ctx())));
}

// `claim` over the symbols `kept` (a clause's start) where `constraint` defines the others
// (smt::withDefinitionsInlined), as a sum of monomials, so that the solver compares monomials as it would compare
// variables; nullopt when it is too large to multiply out.
std::optional<smt::Term> expandedOver(const smt::Term& claim, const smt::Term& constraint,
                                      const std::set<unsigned>& kept, z3::context& context) {
  z3::expr_vector claims(context);
  claims.push_back(claim);
  z3::expr inlined =
      smt::withDefinitionsInlined(claims, constraint, [&](const z3::expr& s) { return kept.count(s.id()) != 0; })[0];
  return multipliedOut(inlined);
}

// The summands of a sum of monomials (one summand if it is not a sum).
std::vector<smt::Term> summandsOf(const smt::Term& polynomial) {
  std::vector<smt::Term> summands;
  if (polynomial.is_app() && polynomial.decl().decl_kind() == Z3_OP_ADD)
    for (unsigned k = 0; k < polynomial.num_args(); ++k) summands.push_back(polynomial.arg(k));
  else
    summands.push_back(polynomial);
  return summands;
}

// Polynomial equalities as definitions, for claims the solver rarely decides in time (it must multiply out
// y == 3*n*n + 3*n + 1 in a claim of degree 4): each equality that one of the symbols `kept` occurs in only as a
// summand of its own with coefficient 1 or -1 (after the earlier definitions are put in) defines that symbol.
class Definitions {
 public:
  Definitions(z3::context& context, const std::set<unsigned>& kept)
      : context_(context), kept_(kept), from_(context), to_(context) {}

  void add(const smt::Term& equality) {
    if (!equality.is_eq() || !equality.arg(0).is_int()) return;
    const std::optional<smt::Term> expanded = multipliedOut(applied(equality.arg(0) - equality.arg(1)));
    if (!expanded) return;
    const smt::Term& difference = *expanded;
    const std::vector<smt::Term> summands = summandsOf(difference);
    for (const smt::Term& summand : summands) {
      // summand is s or -1 * s for a kept symbol s that no other summand mentions
      smt::Term symbol = summand;
      int sign = 1;
      if (summand.is_app() && summand.decl().decl_kind() == Z3_OP_MUL && summand.num_args() == 2 &&
          summand.arg(0).is_numeral()) {
        int64_t c = 0;
        if (!summand.arg(0).is_numeral_i64(c) || (c != 1 && c != -1)) continue;
        sign = static_cast<int>(c);
        symbol = summand.arg(1);
      }
      if (!smt::isSymbol(symbol) || !kept_.count(symbol.id())) continue;
      if (std::count_if(summands.begin(), summands.end(),
                        [&](const smt::Term& other) { return smt::mentions(other, symbol.id()); }) != 1)
        continue;
      // difference == sign * s + rest == 0, so s == -sign * rest
      const smt::Term rest = difference - context_.int_val(sign) * symbol;
      const std::optional<smt::Term> definition = multipliedOut(context_.int_val(-sign) * rest);
      if (!definition) return;
      from_.push_back(symbol);
      to_.push_back(*definition);
      return;
    }
  }

  // Whether the equality `claim` holds once every defined symbol is replaced by its definition.
  bool entail(const smt::Term& claim) const {
    if (!claim.is_eq() || !claim.arg(0).is_int()) return false;
    const std::optional<smt::Term> difference = multipliedOut(applied(claim.arg(0) - claim.arg(1)));
    int64_t value = 0;
    return difference && difference->is_numeral_i64(value) && value == 0;
  }

 private:
  // Definitions are applied one after the other: a later one's expression may mention an earlier symbol.
  smt::Term applied(smt::Term e) const {
    for (unsigned k = 0; k < from_.size(); ++k) {
      z3::expr_vector from(context_), to(context_);
      from.push_back(from_[k]);
      to.push_back(to_[k]);
      e = e.substitute(from, to);
    }
    return e;
  }

  z3::context& context_;
  const std::set<unsigned>& kept_;
  z3::expr_vector from_, to_;
};

// Houdini for the polynomial equalities: each clause must keep each candidate at its target, given all of them
// (and the invariants `established`) at its start, each claim checked alone and expanded (expandedOver).
void keepInductiveEqualities(std::unordered_map<int, std::vector<smt::Term>>& candidates,
                             const std::unordered_map<int, std::vector<smt::Term>>& established,
                             const std::vector<Clause>& clauses, const std::vector<std::vector<smt::Term>>& formals,
                             z3::context& context, smt::QueryWatch& watch, const Deadline& deadline) {
  const z3::params expanding = sumOfMonomials(context);
  for (bool changed = true; changed;) {
    changed = false;
    for (const Clause& c : clauses) {
      if (c.to < 0) continue;
      std::vector<smt::Term>& goal = candidates[c.to];
      if (goal.empty()) continue;
      std::set<unsigned> kept;
      if (c.from >= 0)
        for (const smt::Term& v : formals[c.from]) kept.insert(v.id());
      std::vector<smt::Term> assumed{c.constraint};
      Definitions definitions(context, kept);
      if (c.from >= 0) {
        for (const smt::Term& f : candidates[c.from]) {
          assumed.push_back(smt::Term(f.simplify(expanding)));
          definitions.add(f);
        }
        if (auto it = established.find(c.from); it != established.end())
          for (const smt::Term& f : it->second) {
            assumed.push_back(f);
            definitions.add(f);
          }
      }
      smt::Term hypothesis = conjunctionOf(assumed, context);
      std::vector<smt::Term> holding;
      for (const smt::Term& g : goal) {
        if (deadline.expired()) {
          for (auto& entry : candidates) entry.second.clear();
          return;
        }
        std::optional<smt::Term> expanded =
            expandedOver(instantiated(g, formals[c.to], c.arguments, context), c.constraint, kept, context);
        if (!expanded) continue;  // not multiplied out, so not shown to hold
        const smt::Term& claim = *expanded;
        if (definitions.entail(claim)) {
          holding.push_back(g);
          continue;
        }
        const smt::Limits limits{kEqualityMillis, deadline};
        z3::solver solver = smt::makeSolver(context, smt::Procedure::Simple, limits);
        solver.add(hypothesis);
        solver.add(!claim);
        if (smt::checkLimited(watch, solver, limits) == z3::unsat) holding.push_back(g);
      }
      if (holding.size() != goal.size()) {
        goal = std::move(holding);
        changed = true;
      }
    }
  }
}

}  // namespace

std::unordered_map<int, std::vector<smt::Term>> locationInvariants(const Graph& graph, const ProgramIndex& index,
                                                                   z3::context& context, const Deadline& deadline,
                                                                   const std::shared_ptr<smt::QueryLog>& smtLog) {
  std::unordered_map<int, std::vector<smt::Term>> invariants;
  smt::QueryWatch watch(context, smtLog);
  ClauseSystem system = clausesOf(graph, {}, index, context, deadline);
  if (!system.failure.empty()) return invariants;
  // The same locations and symbols with every fact, products included: sample runs compute what the program
  // computes (the linear clauses leave a product's value open), and a polynomial claim is checked on what it is
  // about. Octagons stay with the linear clauses, whose questions the solver decides quickly.
  ClauseSystem exact = clausesOf(graph, {}, index, context, deadline, Facts::All);
  if (!exact.failure.empty() || exact.locations != system.locations || exact.clauses.size() != system.clauses.size())
    exact = system;
  std::unordered_map<int, std::vector<std::vector<int64_t>>> samples = sampleStates(exact, context, watch, deadline);
  // The linear candidates first (Houdini over all of them at once), then the polynomial ones, each on its own,
  // given the linear ones that hold: the solver rarely decides a conjunction with products in time.
  LinearFacts linear;
  std::unordered_map<int, std::vector<smt::Term>> equalities;
  for (int l : system.locations) {
    if (l == 0 || deadline.expired()) continue;
    std::vector<smt::Term>& candidates = invariants[l];
    candidates = octagonCandidates(l, graph.nodes[l].state, system.symbols[l], system.clauses, context, deadline, smtLog);
    if (auto it = samples.find(l); it != samples.end())
      for (smt::Term& e : sampledEqualities(graph.nodes[l].state, system.symbols[l], it->second, context))
      {
        // A linear one may hold only together with a polynomial one (z == 6*n + 6 with y == 3*n*n + 3*n + 1, where
        // n' = y - 3*n*n - 2*n): it is a candidate of both kinds.
        if (linear.linear(e)) candidates.push_back(e);
        equalities[l].push_back(e);
      }
  }
  keepInductive(invariants, system.clauses, system.symbols, context, watch, deadline);
  keepInductiveEqualities(equalities, invariants, exact.clauses, exact.symbols, context, watch, deadline);
  for (auto& [l, kept] : equalities)
    for (const smt::Term& e : kept)
      if (std::none_of(invariants[l].begin(), invariants[l].end(), [&](const smt::Term& f) { return z3::eq(e, f); }))
        invariants[l].push_back(e);
  // Each step clears its candidates when the time runs out, so what is left is inductive.
  std::erase_if(invariants, [](const auto& entry) { return entry.second.empty(); });
  return invariants;
}

}  // namespace atropos::symex
