#include "graph.h"

#include <llvm/IR/Function.h>
#include <llvm/IR/Instructions.h>

#include <algorithm>
#include <map>
#include <set>

#include "common/text.h"
#include "frontend/source_location.h"
#include "smt/term.h"
#include "lists.h"

namespace atropos::symex {

void dropDeadValues(State& state, const ProgramIndex& index) {
  for (size_t f = 0; f < state.frames.size(); ++f) {
    Frame& frame = state.frames[f];
    bool running = f + 1 == state.frames.size();
    const llvm::Instruction* at = running ? frame.next : frame.next->getNextNode();
    const std::vector<unsigned>& live = index.liveBefore(at);
    std::erase_if(frame.locals,
                  [&](const Local& l) { return !std::binary_search(live.begin(), live.end(), l.id); });
  }
}

namespace {

// Does the first pass of a loop make a pointer that was null at the loop's first visit point to the heap (the first
// element of a list the loop builds)? A state that generalizes both visits knows only that the structure may be
// empty, and loses how two pointers into it relate (a list's first and last element, equal after one pass and not
// after two). `after` is the next visit, at the same positions.
bool firstPassBuildsHeap(const State& first, const State& after, unsigned pointerBits) {
  EqualTerms equalFirst(first.allFacts()), equalAfter(after.allFacts());
  for (size_t f = 0; f < first.frames.size(); ++f)
    for (size_t k = 0; k < first.frames[f].locals.size(); ++k)
      if (equalFirst.null(first.frames[f].locals[k].value) &&
          heapStartsAt(*after.memory, equalAfter, after.frames[f].locals[k].value))
        return true;
  for (const PointsTo& x : first.memory->pointsTo) {
    if (x.bits != pointerBits || !equalFirst.null(x.value)) continue;
    for (const PointsTo& y : after.memory->pointsTo)
      if (y.bits == pointerBits && z3::eq(x.block, y.block) && sameOffset(x, equalFirst, y, equalAfter) &&
          heapStartsAt(*after.memory, equalAfter, y.value))
        return true;
  }
  return false;
}

bool isReturnState(const State& state, const llvm::Function& main) {
  return state.frames.size() == 1 && state.top().function != &main && llvm::isa<llvm::ReturnInst>(state.top().next);
}

// The state right after a call of a function that is already running further down the stack.
bool isRecursiveCall(const State& state) {
  if (state.frames.size() < 2) return false;
  const llvm::Function* callee = state.top().function;
  if (state.top().next != &*callee->getEntryBlock().getFirstInsertionPt()) return false;
  return std::any_of(state.frames.begin(), state.frames.end() - 1,
                     [&](const Frame& f) { return f.function == callee; });
}

class Builder {
 public:
  Builder(const llvm::Module& module, const ProgramIndex& index, z3::context& context, const GraphLimits& limits)
      : index_(index),
        context_(context),
        limits_{limits.queryMillis, limits.deadline, limits.smtLog},
        solver_(context, limits_),
        executor_(context, solver_, index, module),
        graphLimits_(limits) {}

  Graph build(const llvm::Function& main) {
    graph_.nodes.push_back(Node{});
    graph_.nodes.back().state = executor_.initialState(main);
    for (const smt::Term& c : executor_.runConstants()) runConstants_.insert(c.id());
    work_ = {0};
    while (!work_.empty()) {
      if (graphLimits_.deadline.expired()) return incomplete("the time ran out" + whereItGrew());
      if (graph_.nodes.size() > graphLimits_.maxNodes)
        return incomplete("the graph grew beyond its size limit" + whereItGrew());
      int id = work_.back();
      work_.pop_back();
      if (graph_.nodes[id].status != Node::Status::Open) continue;
      if (isReturnState(graph_.nodes[id].state, main)) {
        reachReturn(id);
        continue;
      }
      if (isRecursiveCall(graph_.nodes[id].state)) {
        graph_.nodes[id].status = Node::Status::Expanded;
        std::vector<std::pair<smt::Term, smt::Term>>& passed = passedBy_[id];
        passed = passedBlocks(graph_.nodes[id].state);
        int abstraction = addChild(id, callAbstraction(graph_.nodes[id].state, passed, hiddenBy_[id]),
                                   EdgeKind::CallAbstraction);
        attachToEntry(abstraction);
        continue;
      }
      Node& node = graph_.nodes[id];
      if (node.incoming == EdgeKind::Evaluation && node.parent >= 0 && index_.isMergePoint(node.state.top().next)) {
        dropDeadValues(node.state, index_);
        if (int merged = closeCycle(id); merged >= 0) {
          work_.push_back(merged);
          continue;
        }
        if (graph_.nodes[id].status != Node::Status::Open) continue;
      }
      StepResult result = executor_.step(graph_.nodes[id].state);
      Node& current = graph_.nodes[id];
      switch (result.kind) {
        case StepResult::Kind::Next:
          current.status = Node::Status::Expanded;
          work_.push_back(addChild(id, std::move(*result.next), EdgeKind::Evaluation));
          break;
        case StepResult::Kind::Split: {
          current.status = Node::Status::Expanded;
          State yes = *result.next;
          State no = std::move(*result.next);
          yes.addFacts({*result.condition});
          no.addFacts({!*result.condition});
          int second = addChild(id, std::move(no), EdgeKind::Refinement);
          int first = addChild(id, std::move(yes), EdgeKind::Refinement);
          work_.push_back(second);
          work_.push_back(first);
          break;
        }
        case StepResult::Kind::Error:
          current.status = Node::Status::Error;
          current.error = result.error;
          current.message = result.message;
          current.at = current.state.top().next;
          if (graphLimits_.stopAtOverflow && result.error == Check::SignedOverflow)
            return incomplete("it stopped at a possible signed overflow");
          if (result.error == Check::ReachError ? graphLimits_.stopAtReach : graphLimits_.stopAtOtherErrors) {
            if (current.state.inputsKnown || ++deferredErrors_ > graphLimits_.deferredErrors)
              return incomplete("it stopped at the first error state");
          }
          break;
        case StepResult::Kind::End:
          current.status = Node::Status::End;
          current.end = result.end;
          current.at = current.state.top().next;
          current.state = std::move(*result.next);
          break;
        case StepResult::Kind::Infeasible:
          current.status = Node::Status::Infeasible;
          break;
      }
    }
    graph_.complete = true;
    graph_.solverQueries = solver_.queries();
    graph_.solverQueriesInterrupted = solver_.interrupted();
    graph_.variables = executor_.variables();
    graph_.exactVariables = executor_.exactVariables();
    return std::move(graph_);
  }

 private:
  Graph incomplete(std::string why) {
    graph_.complete = false;
    graph_.incompleteReason = std::move(why);
    graph_.solverQueries = solver_.queries();
    graph_.solverQueriesInterrupted = solver_.interrupted();
    graph_.variables = executor_.variables();
    graph_.exactVariables = executor_.exactVariables();
    return std::move(graph_);
  }

  // The loop head with the most states, and what the heap of its newest state holds: where the folds or the
  // widening did not catch up, for a graph left incomplete to name the loop and the structure a user would look at.
  std::string whereItGrew() const {
    struct Head {
      size_t states = 0;
      int newest = -1;
    };
    std::map<const llvm::Instruction*, Head> heads;
    for (size_t id = 0; id < graph_.nodes.size(); ++id) {
      const State& s = graph_.nodes[id].state;
      if (s.frames.empty() || !s.top().next || !index_.isMergePoint(s.top().next)) continue;
      Head& head = heads[s.top().next];
      ++head.states;
      head.newest = static_cast<int>(id);
    }
    // Ties go to the head whose newest state is older, so that the reason does not depend on where the instructions
    // lie in memory.
    const Head* most = nullptr;
    for (const auto& entry : heads)
      if (!most || entry.second.states > most->states ||
          (entry.second.states == most->states && entry.second.newest < most->newest))
        most = &entry.second;
    if (!most || most->states < 2) return "";
    const Node& node = graph_.nodes[most->newest];
    SourceLocation at = frontend::sourceLocationFrom(*node.state.top().next);
    std::string loop = at.known() ? "line " + std::to_string(at.line) : "a loop of " + at.function;
    std::string where = " (the graph grew most at the loop head at " + loop + ": " + std::to_string(most->states) +
                        " states";
    if (!node.state.memory) return where + ")";
    const Memory& memory = *node.state.memory;
    size_t heapBlocks = std::count_if(memory.blocks.begin(), memory.blocks.end(),
                                      [](const MemoryBlock& b) { return b.kind == BlockKind::Heap; });
    return where + "; the newest, after " + counted(node.merges, "merge") + ", holds " +
           counted(heapBlocks, "heap block") + " outside lists and " + counted(memory.lists.size(), "list") + ")";
  }

  int addChild(int parent, State state, EdgeKind kind) {
    Node child;
    child.state = std::move(state);
    child.parent = parent;
    child.incoming = kind;
    graph_.nodes.push_back(std::move(child));
    int id = static_cast<int>(graph_.nodes.size() - 1);
    graph_.nodes[parent].children.push_back(id);
    return id;
  }

  // Removes what was built below `id`: its children and, below them, the merge results that replaced a node of the
  // subtree (their parent is that node). The visits elsewhere that `id` or a removed node represented
  // (representedElsewhere) are explored again: `id` is about to be replaced or removed.
  void removeSubtree(int id) {
    std::vector<int> stack(graph_.nodes[id].children.begin(), graph_.nodes[id].children.end());
    graph_.nodes[id].children.clear();
    std::vector<int> orphans = takeInstancesElsewhere(id);
    while (!stack.empty()) {
      int n = stack.back();
      stack.pop_back();
      Node& node = graph_.nodes[n];
      stack.insert(stack.end(), node.children.begin(), node.children.end());
      if (node.generalization >= 0 && graph_.nodes[node.generalization].parent == n &&
          graph_.nodes[node.generalization].status != Node::Status::Removed)
        stack.push_back(node.generalization);
      node.children.clear();
      remove(node);
      std::vector<int> more = takeInstancesElsewhere(n);
      orphans.insert(orphans.end(), more.begin(), more.end());
    }
    for (int orphan : orphans) {
      Node& node = graph_.nodes[orphan];
      if (!live(orphan) || node.status != Node::Status::Generalized) continue;
      node.status = Node::Status::Open;
      node.generalization = -1;
      node.instantiation = Instantiation{};
      work_.push_back(orphan);
    }
  }

  std::vector<int> takeInstancesElsewhere(int general) {
    auto it = instancesElsewhere_.find(general);
    if (it == instancesElsewhere_.end()) return {};
    std::vector<int> instances = std::move(it->second);
    instancesElsewhere_.erase(it);
    return instances;
  }

  void remove(Node& node) {
    node.status = Node::Status::Removed;
    node.state = State{};
  }

  bool live(int id) const { return graph_.nodes[id].status != Node::Status::Removed; }

  // A call passes a block by a parameter that holds its start: the caller's variable for the start (and its copies,
  // and the end defined from it) written over the parameter, as pairs (caller's term, callee's term), the start
  // first. The callee's frame then speaks of the block through its own parameter, so that the calls at every depth
  // of a recursion, each passing a block of its own, have states of one shape.
  std::vector<std::pair<smt::Term, smt::Term>> passedBlocks(const State& call) const {
    std::map<unsigned, smt::Term> definition;
    for (const smt::Term& f : call.allFacts())
      if (f.is_eq() && smt::isSymbol(f.arg(0))) definition.emplace(f.arg(0).id(), f.arg(1));
    std::vector<std::pair<smt::Term, smt::Term>> pairs;
    std::set<unsigned> mapped;
    for (const Local& l : call.top().locals) {
      // The parameter's value through the copies that passed it down (op == ip, ip == the block's start).
      std::vector<smt::Term> chain;
      for (auto it = definition.find(l.value.id()); it != definition.end() && smt::isSymbol(it->second) &&
                                                    !runConstants_.count(it->second.id()) && chain.size() < 8;
           it = definition.find(it->second.id()))
        chain.push_back(it->second);
      if (chain.empty() || mapped.count(chain.back().id())) continue;
      const smt::Term start = chain.back();
      pairs.emplace_back(start, l.value);
      for (const smt::Term& copy : chain)
        if (mapped.insert(copy.id()).second && !z3::eq(copy, start)) pairs.emplace_back(copy, l.value);
      for (const MemoryBlock& b : call.memory->blocks) {
        if (!z3::eq(b.lo, start) || !smt::isSymbol(b.hi)) continue;
        auto end = definition.find(b.hi.id());
        if (end == definition.end()) continue;
        std::set<unsigned> seen;
        std::vector<smt::Term> symbols;
        smt::collectSymbols(end->second, seen, symbols);
        if (symbols.size() != 1 || !z3::eq(symbols.front(), start)) continue;
        z3::expr_vector from(context_), to(context_);
        from.push_back(start);
        to.push_back(l.value);
        pairs.emplace_back(b.hi, end->second.substitute(from, to));
      }
    }
    return pairs;
  }

  // The starts of the heap blocks and lists of a call state that its call abstraction left out.
  struct HiddenHeap {
    std::vector<smt::Term> blocks;
    std::vector<smt::Term> lists;
  };

  // The call abstraction of a call state (seed 001, Def. 5 with k = 1): the callee's frame alone, owning the stack
  // blocks of the frames it hides so that they are still known to be allocated (and the heap blocks, as if
  // allocated there, since the callee allocates its own in frame 0), with the blocks it was passed
  // named by its parameters (passedBlocks).
  State callAbstraction(const State& call, const std::vector<std::pair<smt::Term, smt::Term>>& passed,
                        HiddenHeap& hidden) const {
    State abstraction = call;
    abstraction.frames = {call.top()};
    abstraction.stepVariables.reset();
    hideUnreachableHeap(abstraction, hidden);
    Memory& memory = abstraction.mutableMemory();
    for (MemoryBlock& block : memory.blocks) block.frame = 0;  // a heap block's frame says where it was allocated
    if (passed.empty()) return abstraction;
    z3::expr_vector from(context_), to(context_);
    for (const auto& [caller, callee] : passed) {
      from.push_back(caller);
      to.push_back(callee);
    }
    auto rename = [&](smt::Term& t) { t = t.substitute(from, to); };
    for (MemoryBlock& b : memory.blocks) {
      rename(b.lo);
      rename(b.hi);
    }
    for (PointsTo& p : memory.pointsTo) {
      rename(p.address);
      rename(p.value);
      rename(p.block);
    }
    for (ListSegment& l : memory.lists)
      for (smt::Term* t : l.terms()) rename(*t);
    std::vector<smt::Term> facts;
    for (smt::Term f : call.allFacts()) {
      rename(f);
      if (!f.simplify().is_true()) facts.push_back(f);
    }
    abstraction.knowledge.reset();
    abstraction.addFacts(std::move(facts));
    return abstraction;
  }

  // Leaves out of a call abstraction the heap blocks and lists its frame cannot reach: none of its values (nor a
  // value equal to one), no value stored in a block it reaches, no end of a list it reaches and no comparison with
  // one of those speaks of the block or of the list's start. The callee cannot then touch them without an error
  // state (an access or free outside every block it knows), so the intersection gives them back to the caller as
  // they were; and calls at every depth of a recursion that allocates a block per level get one shape. Facts about
  // the left-out memory alone go with it. `hidden` receives the starts.
  void hideUnreachableHeap(State& abstraction, HiddenHeap& hidden) const {
    hidden = HiddenHeap{};
    auto symbolsOf = [](std::initializer_list<const smt::Term*> terms) {
      std::set<unsigned> ids;
      std::vector<smt::Term> unused;
      for (const smt::Term* t : terms) smt::collectSymbols(*t, ids, unused);
      return ids;
    };
    auto meet = [](const std::set<unsigned>& a, const std::set<unsigned>& b) {
      return std::any_of(a.begin(), a.end(), [&](unsigned v) { return b.count(v) > 0; });
    };
    std::set<unsigned> reached;
    for (const Local& l : abstraction.top().locals) reached.merge(symbolsOf({&l.value}));
    struct Literal {
      bool equality;
      std::set<unsigned> symbols;
    };
    std::vector<Literal> literals;
    for (const smt::Term& f : abstraction.allFacts()) {
      std::vector<smt::Term> parts;
      smt::conjunctsOf(f, parts);
      for (const smt::Term& p : parts)
        if (!p.is_or()) literals.push_back({p.is_eq(), symbolsOf({&p})});
    }
    const Memory& memory = *abstraction.memory;
    std::vector<bool> visible(memory.blocks.size(), false);
    std::vector<bool> visibleList(memory.lists.size(), false);
    auto spokenOf = [&](const std::set<unsigned>& symbols) {
      return meet(symbols, reached) || std::any_of(literals.begin(), literals.end(), [&](const Literal& l) {
               return meet(l.symbols, symbols) && meet(l.symbols, reached);
             });
    };
    for (bool grew = true; grew;) {
      grew = false;
      // Values equal to a reached one are reached (a parameter copied down the calls: p == op, op == the start).
      for (const Literal& l : literals)
        if (l.equality && meet(l.symbols, reached)) {
          size_t before = reached.size();
          reached.insert(l.symbols.begin(), l.symbols.end());
          grew = grew || reached.size() > before;
        }
      for (size_t k = 0; k < memory.blocks.size(); ++k) {
        const MemoryBlock& b = memory.blocks[k];
        if (visible[k]) continue;
        std::set<unsigned> ends = symbolsOf({&b.lo, &b.hi});
        if (b.kind == BlockKind::Heap && !spokenOf(ends)) continue;
        visible[k] = grew = true;
        reached.merge(ends);
        for (const PointsTo& p : memory.pointsTo)
          if (z3::eq(p.block, b.lo)) reached.merge(symbolsOf({&p.address, &p.value}));
      }
      for (size_t k = 0; k < memory.lists.size(); ++k) {
        const ListSegment& l = memory.lists[k];
        if (visibleList[k]) continue;
        std::set<unsigned> entries = symbolsOf({&l.start});  // a doubly linked list is entered at its last too
        if (l.back) entries.merge(symbolsOf({&l.back->last}));
        if (!spokenOf(entries)) continue;
        visibleList[k] = grew = true;
        for (const smt::Term* t : l.terms()) reached.merge(symbolsOf({t}));
      }
    }
    std::set<unsigned> gone;
    Memory kept;
    for (size_t k = 0; k < memory.blocks.size(); ++k) {
      const MemoryBlock& b = memory.blocks[k];
      if (visible[k]) {
        kept.blocks.push_back(b);
        continue;
      }
      hidden.blocks.push_back(b.lo);
      gone.merge(symbolsOf({&b.lo, &b.hi}));
    }
    for (size_t k = 0; k < memory.lists.size(); ++k) {
      const ListSegment& l = memory.lists[k];
      if (visibleList[k]) {
        kept.lists.push_back(l);
        continue;
      }
      hidden.lists.push_back(l.start);
      for (const smt::Term* t : l.terms()) gone.merge(symbolsOf({t}));
    }
    if (hidden.blocks.empty() && hidden.lists.empty()) return;
    for (const PointsTo& p : memory.pointsTo) {
      if (std::any_of(hidden.blocks.begin(), hidden.blocks.end(),
                      [&](const smt::Term& lo) { return z3::eq(lo, p.block); }))
        gone.merge(symbolsOf({&p.address, &p.value}));
      else
        kept.pointsTo.push_back(p);
    }
    for (unsigned v : reached) gone.erase(v);
    std::vector<smt::Term> facts;
    for (const smt::Term& f : abstraction.allFacts())
      if (!meet(symbolsOf({&f}), gone)) facts.push_back(f);
    abstraction.memory = std::make_shared<Memory>(std::move(kept));
    abstraction.knowledge.reset();
    abstraction.addFacts(std::move(facts));
    abstraction.heapHidden = true;
  }

  // ---- recursion (seed 001 §3, one entry state per function) ----------------------------------------------------

  struct Recursion {
    int entry = -1;
    std::vector<int> abstractions;  // the call abstractions that generalize to the entry
    std::vector<int> returns;       // the entry's return states without a generalization edge
    std::set<unsigned> entrySymbols;  // the entry state's variables, once asked for
  };

  void generalizeTo(int instance, int general, Instantiation mu) {
    Node& n = graph_.nodes[instance];
    n.status = Node::Status::Generalized;
    n.generalization = general;
    n.instantiation = std::move(mu);
  }

  // A new entry state for `state`'s function, explored from scratch.
  int addEntry(State state, bool merged) {
    Node entry;
    entry.state = std::move(state);
    entry.state.inputsKnown = false;
    entry.incoming = EdgeKind::Generalization;
    entry.mergeResult = merged;
    graph_.nodes.push_back(std::move(entry));
    int id = static_cast<int>(graph_.nodes.size() - 1);
    work_.push_back(id);
    return id;
  }

  // The call abstraction `abstraction` generalizes to its function's entry state: the existing one when it
  // represents it, else one merged from both, which replaces the old entry and everything built from it.
  void attachToEntry(int abstraction) {
    const State& state = graph_.nodes[abstraction].state;
    Recursion& recursion = recursions_[state.top().function];
    if (recursion.entry < 0) {
      recursion.entry = addEntry(graph_.nodes[abstraction].state, false);
      generalizeTo(abstraction, recursion.entry, Instantiation{});
      recursion.abstractions.push_back(abstraction);
      return;
    }
    executor_.sync(state);
    if (auto mu = instanceOf(state, graph_.nodes[recursion.entry].state, solver_, executor_, index_.pointerBits())) {
      generalizeTo(abstraction, recursion.entry, std::move(*mu));
      recursion.abstractions.push_back(abstraction);
      for (int r : recursion.returns)
        if (live(r)) intersect(graph_.nodes[abstraction].parent, r);
      return;
    }
    int old = recursion.entry;
    MergeResult merged =
        merge(graph_.nodes[old].state, state, graph_.nodes[old].mergeResult, executor_, index_, context_, limits_);
    removeSubtree(old);
    remove(graph_.nodes[old]);
    recursion.returns.clear();
    recursion.entry = addEntry(std::move(merged.merged), true);
    recursion.entrySymbols.clear();
    // The call abstractions outside the old entry's graph now generalize to the new entry (through the old one),
    // and their intersections with the old return states go.
    std::vector<int> kept;
    for (int a : recursion.abstractions) {
      if (!live(a)) continue;
      for (int sibling : graph_.nodes[graph_.nodes[a].parent].children)
        if (graph_.nodes[sibling].incoming == EdgeKind::Intersection) {
          removeSubtree(sibling);
          remove(graph_.nodes[sibling]);
        }
      Instantiation composed;
      for (const auto& [general, older] : merged.fromOlder.pairs)
        composed.pairs.emplace_back(general, graph_.nodes[a].instantiation.apply(older));
      generalizeTo(a, recursion.entry, std::move(composed));
      kept.push_back(a);
    }
    recursion.abstractions = std::move(kept);
    if (live(abstraction)) {
      generalizeTo(abstraction, recursion.entry, std::move(merged.fromNewer));
      recursion.abstractions.push_back(abstraction);
    }
  }

  // A return state of its function's entry: it generalizes to an earlier one at the same `ret` that represents it,
  // or both merge into one that replaces the earlier; a return state that stays comes back to every call.
  void reachReturn(int id) {
    dropDeadValues(graph_.nodes[id].state, index_);
    const State& state = graph_.nodes[id].state;
    Recursion& recursion = recursions_[state.top().function];
    for (int old : recursion.returns) {
      if (!live(old) || !sameShape(graph_.nodes[old].state, state)) continue;
      executor_.sync(state);
      if (auto mu = instanceOf(state, graph_.nodes[old].state, solver_, executor_, index_.pointerBits())) {
        generalizeTo(id, old, std::move(*mu));
        noteRebindings(graph_.nodes[id].instantiation);
        return;
      }
      MergeResult merged = merge(graph_.nodes[old].state, state, graph_.nodes[old].mergeResult, executor_, index_,
                                 context_, limits_, parametersAtEntry(recursion));
      for (int x : intersectionsOf_[old]) {
        removeSubtree(x);
        remove(graph_.nodes[x]);
      }
      intersectionsOf_.erase(old);
      std::erase(recursion.returns, old);
      Node general;
      general.state = std::move(merged.merged);
      general.incoming = EdgeKind::Generalization;
      general.mergeResult = true;
      int replacement = addGeneralization(old, std::move(general), std::move(merged.fromOlder));
      if (live(id)) generalizeTo(id, replacement, std::move(merged.fromNewer));
      noteRebindings(graph_.nodes[old].instantiation);
      if (live(id)) noteRebindings(graph_.nodes[id].instantiation);
      work_.push_back(replacement);
      return;
    }
    graph_.nodes[id].status = Node::Status::Return;
    recursion.returns.push_back(id);
    for (int a : recursion.abstractions)
      if (live(a)) intersect(graph_.nodes[a].parent, id);
  }

  // The entry's parameter values that still mean them (no generalization edge rebinds them), each with whether it
  // is an address.
  std::vector<std::pair<smt::Term, bool>> parametersAtEntry(const Recursion& recursion) const {
    std::vector<std::pair<smt::Term, bool>> parameters;
    const Frame& frame = graph_.nodes[recursion.entry].state.top();
    for (const Local& l : frame.locals)
      if (smt::isSymbol(l.value) && !rebound_.count(l.value.id()))
        parameters.emplace_back(l.value, index_.valueById(frame.function, l.id)->getType()->isPointerTy());
    return parameters;
  }

  // The call state `call` after its callee returned as `returned` (seed 001, Def. 8): the callers' frames of `call`
  // over the returned frame. A variable of the returned state that its function's entry state has, and that no
  // generalization edge rebinds, still holds the value it had at the entry (variable identity): it becomes the term
  // the call passed for it, so that the returned state speaks of the caller's values, blocks and contents. Every
  // other variable of the returned state is new. The heap is the returned state's, which names every live block
  // the entry did (the entry represents the call's whole memory); of the callers' stack blocks, whose contents the
  // callee may have written through pointers, the returned state's knowledge of preserved locations stays.
  void intersect(int call, int returned) {
    const State& c = graph_.nodes[call].state;
    const State& r = graph_.nodes[returned].state;
    Recursion& recursion = recursions_[r.top().function];
    const Instantiation* atEntry = nullptr;
    for (int child : graph_.nodes[call].children)
      if (graph_.nodes[child].incoming == EdgeKind::CallAbstraction &&
          graph_.nodes[child].generalization == recursion.entry)
        atEntry = &graph_.nodes[child].instantiation;
    if (recursion.entrySymbols.empty()) {
      std::vector<smt::Term> unused;
      collectSymbols(graph_.nodes[recursion.entry].state, recursion.entrySymbols, unused);
    }
    std::set<unsigned> seen;
    std::vector<smt::Term> symbols;
    collectSymbols(r, seen, symbols);
    // The call abstraction named the passed blocks by the callee's parameters; back to the caller's names.
    z3::expr_vector parameters(context_), starts(context_);
    std::set<unsigned> named;
    for (const auto& [caller, callee] : passedBy_.at(call))
      if (smt::isSymbol(callee) && named.insert(callee.id()).second) {
        parameters.push_back(callee);
        starts.push_back(caller);
      }
    z3::expr_vector from(context_), to(context_);
    std::vector<unsigned> preserved;
    for (const smt::Term& v : symbols) {
      if (runConstants_.count(v.id())) continue;
      from.push_back(v);
      if (atEntry && recursion.entrySymbols.count(v.id()) && !rebound_.count(v.id())) {
        to.push_back(atEntry->apply(v).substitute(parameters, starts));
        preserved.push_back(v.id());
      } else {
        to.push_back(executor_.fresh(v.decl().name().str()));
      }
    }
    auto rename = [&](smt::Term t) { return t.substitute(from, to); };

    State s;
    s.frames.assign(c.frames.begin(), c.frames.end() - 1);
    Frame top = r.top();
    for (Local& l : top.locals) l.value = rename(l.value);
    s.frames.push_back(std::move(top));
    s.knowledge = c.knowledge;
    std::vector<smt::Term> renamed;
    for (const smt::Term& f : r.allFacts()) renamed.push_back(rename(f));
    s.addFacts(std::move(renamed));
    auto memory = std::make_shared<Memory>();
    unsigned callee = static_cast<unsigned>(c.frames.size() - 1);
    for (const MemoryBlock& b : c.memory->blocks)
      if (b.kind == BlockKind::Stack && b.frame < callee) memory->blocks.push_back(b);
    for (const MemoryBlock& b : r.memory->blocks) {
      if (b.kind == BlockKind::Stack) continue;
      MemoryBlock block{rename(b.lo), rename(b.hi), b.kind, 0, b.origin, b.readOnly, b.bytes};
      // A block the caller knew stays as the caller wrote it (one start, one block).
      for (const MemoryBlock& known : c.memory->blocks)
        if (known.kind == block.kind && z3::eq(known.lo, block.lo)) block = known;
      memory->blocks.push_back(block);
    }
    for (const PointsTo& p : r.memory->pointsTo) {
      smt::Term block = rename(p.block);
      if (std::any_of(memory->blocks.begin(), memory->blocks.end(),
                      [&](const MemoryBlock& b) { return z3::eq(b.lo, block); })) {
        PointsTo entry = p;
        entry.address = rename(p.address);
        entry.value = rename(p.value);
        entry.block = block;
        memory->pointsTo.push_back(entry);
      }
    }
    // The caller's blocks and lists the call could not reach, as the caller left them.
    const HiddenHeap& hidden = hiddenBy_.at(call);
    for (const smt::Term& lo : hidden.blocks) {
      if (std::any_of(memory->blocks.begin(), memory->blocks.end(), [&](const MemoryBlock& b) { return z3::eq(b.lo, lo); }))
        continue;
      for (const MemoryBlock& b : c.memory->blocks)
        if (z3::eq(b.lo, lo)) memory->blocks.push_back(b);
      for (const PointsTo& p : c.memory->pointsTo)
        if (z3::eq(p.block, lo)) memory->pointsTo.push_back(p);
    }
    for (ListSegment l : r.memory->lists) {
      for (smt::Term* t : l.terms()) *t = rename(*t);
      memory->lists.push_back(std::move(l));
    }
    for (const ListSegment& l : c.memory->lists)
      if (std::any_of(hidden.lists.begin(), hidden.lists.end(), [&](const smt::Term& t) { return z3::eq(t, l.start); }))
        memory->lists.push_back(l);
    s.memory = std::move(memory);
    s.heapForgotten = c.heapForgotten || r.heapForgotten;
    s.heapHidden = c.heapHidden;
    s.inputs = c.inputs;
    s.inputsKnown = false;
    int id = addChild(call, std::move(s), EdgeKind::Intersection);
    graph_.nodes[call].status = Node::Status::Expanded;
    intersectionsOf_[returned].push_back(id);
    returnedOf_[id] = returned;
    for (unsigned v : preserved) keptBy_[v].push_back(id);
    work_.push_back(id);
  }

  // A generalization edge that maps a variable to another term means the general state's variable no longer holds
  // one value throughout: the intersections that took it for the entry's value are built again without it.
  void noteRebindings(Instantiation mu) {
    for (const auto& [general, instance] : mu.pairs) {
      if (z3::eq(general, instance) || !rebound_.insert(general.id()).second) continue;
      auto it = keptBy_.find(general.id());
      if (it == keptBy_.end()) continue;
      std::vector<int> stale = std::move(it->second);
      keptBy_.erase(it);
      for (int x : stale) {
        if (!live(x)) continue;
        int call = graph_.nodes[x].parent;
        int returned = returnedOf_.at(x);
        removeSubtree(x);
        remove(graph_.nodes[x]);
        if (live(call) && live(returned)) intersect(call, returned);
      }
    }
  }

  // The nearest of `from` and its ancestors at the same positions as `state` (a visit of the same loop head in the
  // same calls), or -1.
  int earlierVisit(int from, const State& state) const {
    for (int ancestor = from; ancestor >= 0; ancestor = graph_.nodes[ancestor].parent) {
      const Node& a = graph_.nodes[ancestor];
      if (a.incoming != EdgeKind::Refinement && a.status != Node::Status::Removed && !a.state.frames.empty() &&
          sameShape(a.state, state))
        return ancestor;
    }
    return -1;
  }

  // An empty list holds no memory. A path that learnt a list to be empty (its start tested null) still carries it,
  // and a visit of a loop head with it is an instance of no state without it. `state` must be synced; whether the
  // memory changed (and the solver must be synced again).
  bool dropEmptyLists(State& state) {
    std::vector<size_t> empty;
    for (size_t k = 0; k < state.memory->lists.size(); ++k)
      if (solver_.entails(state.memory->lists[k].length == 0) == smt::Answer::Yes) empty.push_back(k);
    if (empty.empty()) return false;
    // The memory's facts on an empty list go with the list: the state keeps them as its own.
    std::vector<smt::Term> ends;
    auto& lists = state.mutableMemory().lists;
    for (auto k = empty.rbegin(); k != empty.rend(); ++k) {
      for (smt::Term& fact : lists[*k].emptyFacts()) ends.push_back(std::move(fact));
      lists.erase(lists.begin() + static_cast<std::ptrdiff_t>(*k));
    }
    state.addFacts(std::move(ends));
    return true;
  }

  // At a loop head: closes the cycle with a generalization edge to an ancestor that represents this state, or
  // merges the ancestor with it. Returns the merged node to continue from, or -1.
  int closeCycle(int id) {
    const State& state = graph_.nodes[id].state;
    int ancestor = earlierVisit(graph_.nodes[id].parent, state);
    bool synced = false;
    if (!state.memory->lists.empty()) {
      executor_.sync(state);
      synced = !dropEmptyLists(graph_.nodes[id].state);
    }
    if (ancestor < 0) {
      representedElsewhere(id, synced);
      return -1;
    }
    if (!synced) executor_.sync(state);
    if (auto mu = instanceOf(state, graph_.nodes[ancestor].state, solver_, executor_, index_.pointerBits())) {
      // Bounded, since a merge may drop the locations again and the next instance would bring them back.
      constexpr unsigned kMaxWidenings = 2;
      if (graphLimits_.nameLoopLocations && graph_.nodes[ancestor].widenings < kMaxWidenings)
        if (auto widened = withLocationsOf(state, graph_.nodes[ancestor].state, *mu, executor_, context_, limits_))
          return replaceByGeneralization(ancestor, std::move(*widened));
      Node& node = graph_.nodes[id];
      node.status = Node::Status::Generalized;
      node.generalization = ancestor;
      node.instantiation = std::move(*mu);
      noteRebindings(node.instantiation);
      return -1;
    }
    if (representedElsewhere(id, true)) return -1;
    if (!graph_.nodes[ancestor].mergeResult && earlierVisit(graph_.nodes[ancestor].parent, state) < 0 &&
        (graphLimits_.peelFirstPass ||
         firstPassBuildsHeap(graph_.nodes[ancestor].state, state, index_.pointerBits())))
      return -1;
    Node& a = graph_.nodes[ancestor];
    bool olderIsMerged = a.mergeResult;
    // Constant bounds that climb are widened away only at a head merged a few times: the first merges keep
    // them as they are, so that a loop merged once or twice keeps the invariants it always had.
    constexpr unsigned kMergesBeforeWidening = 3;
    MergeResult merged = merge(a.state, state, olderIsMerged, executor_, index_, context_, limits_, {},
                               a.merges >= kMergesBeforeWidening);
    Node c;
    c.state = std::move(merged.merged);
    c.incoming = EdgeKind::Generalization;
    c.mergeResult = true;
    c.widenings = a.widenings;
    c.merges = a.merges + 1;
    int source = ancestor;
    Instantiation mu = std::move(merged.fromOlder);
    if (olderIsMerged) {
      // The older state was itself a merge result: its source now generalizes to the new state directly.
      source = a.parent;
      removeSubtree(ancestor);
      remove(graph_.nodes[ancestor]);
      // Compose with the source's instantiation into the removed merge result.
      Instantiation composed;
      for (const auto& [general, older] : mu.pairs)
        composed.pairs.emplace_back(general, graph_.nodes[source].instantiation.apply(older));
      mu = std::move(composed);
    } else {
      removeSubtree(ancestor);
    }
    int general = addGeneralization(source, std::move(c), std::move(mu));
    noteRebindings(graph_.nodes[source].instantiation);
    return general;
  }

  // A visit of a loop head that a merged state of another path represents (the same head reached after another
  // branch before the loop, or in another pass of an outer loop) generalizes to it: what follows it is explored
  // there already. The newest few such states in the same calls are tried, none of the visit's ancestors (closeCycle
  // asks the nearest; a farther one was merged into it). Whether one represents it.
  bool representedElsewhere(int id, bool synced) {
    const State& state = graph_.nodes[id].state;
    auto at = mergedAt_.find(state.top().next);
    if (at == mergedAt_.end()) return false;
    std::set<int> ancestors;
    for (int a = graph_.nodes[id].parent; a >= 0; a = graph_.nodes[a].parent) ancestors.insert(a);
    constexpr size_t kMaxTried = 3;
    size_t tried = 0;
    for (auto general = at->second.rbegin(); general != at->second.rend() && tried < kMaxTried; ++general) {
      const Node& g = graph_.nodes[*general];
      if (g.status != Node::Status::Expanded || ancestors.count(*general) || !sameShape(g.state, state)) continue;
      ++tried;
      if (!synced) executor_.sync(state);
      synced = true;
      std::optional<Instantiation> mu =
          instanceOf(state, g.state, solver_, executor_, index_.pointerBits(), History::OtherPath);
      if (!mu) continue;
      generalizeTo(id, *general, std::move(*mu));
      instancesElsewhere_[*general].push_back(id);
      noteRebindings(graph_.nodes[id].instantiation);
      return true;
    }
    return false;
  }

  // Adds `general` as the node `source` generalizes to, by `mu`; returns its id.
  int addGeneralization(int source, Node general, Instantiation mu) {
    general.parent = source;
    const llvm::Instruction* at = general.state.frames.empty() ? nullptr : general.state.top().next;
    const bool merged = general.mergeResult;
    graph_.nodes.push_back(std::move(general));
    int id = static_cast<int>(graph_.nodes.size() - 1);
    if (merged && at) mergedAt_[at].push_back(id);
    Node& s = graph_.nodes[source];
    s.status = Node::Status::Generalized;
    s.generalization = id;
    s.instantiation = std::move(mu);
    return id;
  }

  // `ancestor` gets a generalization edge to `general`, a state that represents the same concrete states and names
  // more of them, which is explored in its place.
  int replaceByGeneralization(int ancestor, State general) {
    removeSubtree(ancestor);
    Node c;
    c.state = std::move(general);
    c.incoming = EdgeKind::Generalization;
    c.mergeResult = graph_.nodes[ancestor].mergeResult;
    c.widenings = graph_.nodes[ancestor].widenings + 1;
    return addGeneralization(ancestor, std::move(c), Instantiation{});
  }

  const ProgramIndex& index_;
  z3::context& context_;
  smt::Limits limits_;
  smt::Solver solver_;
  Executor executor_;
  GraphLimits graphLimits_;
  Graph graph_;
  std::vector<int> work_;
  size_t deferredErrors_ = 0;
  std::set<unsigned> runConstants_;
  std::map<const llvm::Function*, Recursion> recursions_;
  std::map<int, HiddenHeap> hiddenBy_;  // call → what its abstraction left out
  std::map<int, std::vector<int>> intersectionsOf_;  // return state → the intersections built from it
  std::map<int, int> returnedOf_;                     // intersection → its return state
  std::map<int, std::vector<std::pair<smt::Term, smt::Term>>> passedBy_;  // recursive call → passedBlocks
  std::map<unsigned, std::vector<int>> keptBy_;       // variable → the intersections that preserved it
  std::set<unsigned> rebound_;                        // variables some generalization edge maps to another term
  std::map<const llvm::Instruction*, std::vector<int>> mergedAt_;  // loop head → its merge results, oldest first
  std::map<int, std::vector<int>> instancesElsewhere_;  // merge result → the visits representedElsewhere gave it
};

}  // namespace

Graph buildGraph(const llvm::Function& main, const llvm::Module& module, const ProgramIndex& index,
                 z3::context& context, const GraphLimits& limits) {
  Builder builder(module, index, context, limits);
  return builder.build(main);
}

}  // namespace atropos::symex
