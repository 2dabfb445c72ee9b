// The symbolic execution rules: one step of an abstract state (seed 002 §4, bit-precise per seed 000).
//
// A step either evaluates the next instruction (one successor), asks for a case analysis because the knowledge
// base does not decide a condition the instruction depends on (refinement), reaches a state where the program may
// go wrong (an error, with the kind of property it threatens), ends the program, or finds the path infeasible.
#pragma once

#include <algorithm>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "common/checks.h"
#include "frontend/frontend.h"
#include "smt/solver.h"
#include "smt/term.h"
#include "program_index.h"
#include "state.h"

namespace llvm {
class CallInst;
class GlobalVariable;
}  // namespace llvm

namespace atropos::symex {

enum class EndKind { Return, Exit, Abort };

struct StepResult {
  enum class Kind { Next, Split, Error, End, Infeasible };
  Kind kind = Kind::Next;
  std::optional<State> next;
  std::optional<smt::Term> condition;  // Split
  Check error = Check::NotModelled;
  EndKind end = EndKind::Return;
  std::string message;  // Error: what may go wrong
};

class Executor {
 public:
  Executor(z3::context& context, smt::Solver& solver, const ProgramIndex& index, const llvm::Module& module);

  // The program at the start of main: globals allocated with their initial contents.
  State initialState(const llvm::Function& main);
  StepResult step(const State& state);
  // Makes the solver's assertions those of `state` (knowledge base and memory facts).
  void sync(const State& state);
  // A new symbolic variable; `hint` names it after a program value for people reading it.
  smt::Term fresh(const std::string& hint);
  // The facts ⟨state⟩ consists of, in one list (for solvers other than the executor's).
  std::vector<smt::Term> formula(const State& state);
  unsigned long long variables() const { return nextVariable_; }
  // The variables whose value a rule defined exactly (a program value as a term of others, a parameter, a value
  // drawn, an object's address): the others stand for what the rules do not compute (a float, memory the state does
  // not describe, a value read as either of two numbers), which a proof that some execution exists must not choose.
  const std::unordered_set<std::string>& exactVariables() const { return exact_; }
  // Names new variables after the first `count`: an executor that goes on from another's states (after its own
  // initialState, which names the run constants as every executor does) must not reuse their names.
  void skipVariables(unsigned long long count) { nextVariable_ = std::max(nextVariable_, count); }
  const ProgramIndex& index() const { return index_; }
  // The variables initialState names the addresses of globals and functions by: every state means the same by
  // them, since those addresses are fixed for the whole run.
  const std::vector<smt::Term>& runConstants() const { return runConstants_; }

 private:
  class Step;
  friend class Step;

  z3::context& context_;
  smt::Solver& solver_;
  const ProgramIndex& index_;
  const llvm::Module& module_;
  unsigned long long nextVariable_ = 0;
  std::unordered_set<std::string> exact_;
  std::unordered_map<const llvm::Value*, smt::Term> globalAddresses_;
  std::vector<smt::Term> runConstants_;
  // The solver's scopes: a chunk of knowledge each, in the order of their depth, and the memory's facts in one
  // more scope after the first `memoryBelow_` of them, while `pushedMemory_` is set.
  std::vector<std::shared_ptr<const Knowledge>> pushed_;
  std::shared_ptr<const Memory> pushedMemory_;
  size_t memoryBelow_ = 0;
  bool memoryStays_ = false;  // the memory's scope may stay below chunks pushed after it (sync)
  static constexpr size_t kMemoryFactsThatStay = 32;
  const unsigned scopesBelow_;  // the solver's scopes when the executor was made, which are not its own
};

}  // namespace atropos::symex
