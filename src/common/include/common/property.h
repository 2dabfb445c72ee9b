// The properties Atropos decides, the verdicts it gives, and what an engine returns.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace atropos {

enum class Property { Termination, ValidMemsafety, ValidMemcleanup, NoOverflow, UnreachCall };

// The parts of valid-memsafety; a FALSE names the one violated first.
enum class MemsafetyPart { ValidDeref, ValidFree, ValidMemtrack };

// Every property, in the order of the table (the default list when none is asked).
std::vector<Property> allProperties();
std::string_view propertyName(Property p);
// The names of all properties, joined by `separator`.
std::string propertyNames(std::string_view separator);
std::optional<Property> parsePropertyName(std::string_view name);
std::string_view memsafetyPartName(MemsafetyPart p);
// The SV-COMP specification of a property: the CHECK lines of its .prp file, in the file's order (valid-memsafety
// has three). A YAML witness states them as one text, a line each; a GraphML witness as a `specification` element
// each, which witnesslint's SV-COMP mode requires.
std::vector<std::string> propertySpecification(Property p);
// Reads the properties named by an SV-COMP .prp file's text; empty when none is recognized.
std::vector<Property> parsePropertyFile(std::string_view text);

enum class Verdict { True, False, Unknown };
enum class Check;  // common/checks.h: the table of checks
std::string_view verdictName(Verdict v);

struct SourceLocation {
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
  std::string function;
  bool known() const { return line != 0; }
};

// One value a run drew for a nondeterministic choice, in the order drawn.
struct NondetInput {
  std::string origin;  // e.g. "__VERIFIER_nondet_int" or "uninitialized read"
  unsigned bits = 0;
  bool isSigned = false;
  bool floatingPoint = false;    // the bits of an IEEE float or double
  bool fromCall = false;         // returned by a nondet function (not read from uninitialized memory)
  unsigned long long value = 0;  // the bit pattern, zero-extended
  SourceLocation location;
};

// The value as C reads it: signed inputs in two's complement, the others as unsigned numbers, floating-point ones
// in decimal with the digits that read back to the same value.
std::string nondetInputValue(const NondetInput& in);
// The number a floating-point input (float or double) stands for; nullopt for the others.
std::optional<double> nondetInputFloat(const NondetInput& in);
// Where it came from, as a person reads it: "__VERIFIER_nondet_int()", "uninitialized read".
std::string nondetInputOrigin(const NondetInput& in);

// A source line of a counterexample's execution, with what happened there.
struct TraceStep {
  SourceLocation at;
  // How the execution came to the line: from the one before in the same call, by a call, or by a return to it.
  enum class Entry { Next, Call, Return } entry = Entry::Next;
  // The inputs drawn on the line: Counterexample::inputs[firstInput, firstInput + inputCount).
  size_t firstInput = 0;
  size_t inputCount = 0;
  // The last conditional branch or switch executed on the line, by the lines of its targets (0 where a target has
  // none): the one it took, and the others (none where they lead to the same line).
  unsigned branchTo = 0;
  std::vector<unsigned> branchNotTaken;
};

// The evidence for a FALSE verdict found by executing the program.
struct Counterexample {
  std::string violation;  // what went wrong, one line
  SourceLocation location;
  std::vector<NondetInput> inputs;
  std::vector<TraceStep> trace;  // executed source lines, consecutive duplicates collapsed
  unsigned long long traceDropped = 0;  // lines left out at the start of a long trace
  // Non-termination: the inputs from this index on are drawn by one period of a cycle that repeats forever (with
  // the same inputs each time); the ones before lead to it.
  std::optional<size_t> loopInputsStart;
  // Non-termination: where each period begins, and the states there as a recurrent set.
  struct Recurrence {
    SourceLocation head;          // the loop head (its first instruction with a location), or the repeated call
    std::string enteredFunction;  // a repeated call: the function it enters; empty for a loop
    // One C expression per state at the head during a period, over the variables in scope there (for a call: the
    // callee's parameters) and the globals: `x == 5 && *p == 3`.
    std::vector<std::string> states;
    bool complete = false;  // the states pin down every value the execution reads from there on
  };
  std::optional<Recurrence> recurrence;
};

// A fact that holds at every visit of a loop head, as a C expression over the variables in scope there that C
// evaluates exactly (no overflow, no division).
struct LoopInvariant {
  SourceLocation head;  // the head's first instruction with a location; the loop statement is found from it
  std::string expression;
};

// A loop's ranking function: a tuple (f1, ..., fk) of linear functions of the variables in scope at its head such
// that between any two visits of the head during one execution of the loop some fj is non-negative at the first,
// lower at the second, and every fi before it is not higher at the second.
struct LoopRanking {
  // f = variables + constant, where `variables` is a C expression in long long that does not overflow for any values
  // of the variables' types (the constant is kept apart: with it the sum might).
  struct Component {
    std::string variables;
    long long constant = 0;
  };
  SourceLocation head;  // as LoopInvariant::head
  std::vector<Component> components;
};

struct Outcome {
  Property property = Property::Termination;
  Verdict verdict = Verdict::Unknown;
  std::optional<MemsafetyPart> violatedPart;  // valid-memsafety FALSE only
  std::string reason;                        // UNKNOWN: why; TRUE/FALSE: how it was decided
  std::string engine;
  std::optional<Counterexample> counterexample;
  // TRUE: loop invariants of the proof, where it has some (the symbolic execution graph's states at loop heads).
  std::vector<LoopInvariant> invariants;
  // Termination TRUE: the ranking functions of the proof at the loop heads where C can state them.
  std::vector<LoopRanking> rankings;
  // UNKNOWN: the check whose possible failure kept a proof from passing, where one did.
  std::optional<Check> blockedBy;
  // UNKNOWN: the places the reason speaks of (a check that may fail, a loop without a proof, what an execution could
  // not go past), where it names some.
  std::vector<SourceLocation> reasonPlaces;

  static Outcome unknown(Property p, std::string why, std::string engine = {}) {
    Outcome o;
    o.property = p;
    o.reason = std::move(why);
    o.engine = std::move(engine);
    return o;
  }
};

}  // namespace atropos
