// SV-COMP verification witnesses from the evidence of a verdict (format 2.0, as described in
// ../shared/research/witnesses.md). Engines decide; this component only writes down what their evidence says.
#pragma once

#include <optional>
#include <string>

#include "common/property.h"

namespace atropos::witness {

// What every witness says about where it comes from.
struct Metadata {
  std::string producerVersion;
  std::string inputFile;      // as the task names it; the witness's locations are in this file
  std::string inputFileHash;  // SHA-256 of the file's bytes, lower-case hex
  std::string dataModel;      // ILP32 or LP64
  std::string creationTime;   // ISO 8601, no fractional seconds
  std::string uuid;           // RFC 4122
  std::string formatVersion = "2.0";  // of the YAML witnesses: 2.0 or 2.1
};

// Whether SV-COMP takes a YAML violation witness for this outcome: a FALSE of unreach-call, no-overflow,
// valid-deref or valid-free.
bool takesViolationSequence(const Outcome& outcome);

// The `violation_sequence` witness of a FALSE: the value each nondet call returned, at the call's closing `)`, then
// the target at the full expression of the violation. `source` is the text of the input file. nullopt, with `why`,
// when the counterexample cannot be placed in the file.
std::optional<std::string> violationSequence(const Outcome& outcome, const Metadata& metadata, const std::string& source,
                                             std::string& why);

// The `invariant_set` correctness witness of a TRUE: a `loop_invariant` for each loop invariant of the proof that
// can be placed, at its loop's keyword, as a `c_expression`; in format 2.1 also a `loop_transition_invariant` for each
// ranking function of a termination proof, as an `ext_c_expression` that relates the state at the head to any
// earlier one there (`\at(x, AnyPrev)`) by the lexicographic decrease (transitionRelation). A proof without any gives
// an empty set. nullopt, with `why`, for an outcome that is not TRUE.
std::optional<std::string> invariantSet(const Outcome& outcome, const Metadata& metadata, const std::string& source,
                                        std::string& why);

// The relation a ranking function (f1, ..., fk) guarantees between an earlier visit of its loop head and a later one,
// in the format's `ext_c_expression`, the earlier values written `\at(x, AnyPrev)`: the disjunction over j of
// "f1, ..., f(j-1) not higher, fj lower and non-negative before". Transitive and well-founded.
std::string transitionRelation(const LoopRanking& ranking);

// Whether SV-COMP takes a GraphML (format 1.0) violation witness, and no YAML one, for this outcome: a FALSE of
// valid-memtrack or valid-memcleanup with an execution, or of termination with a recurrent set.
bool takesViolationGraph(const Outcome& outcome);

// The GraphML violation witness: from the entry through main, an edge per value a nondet call returned
// (`\result == V;` at the call's line). For a leak it ends at the violation node, where the program ends with the
// memory lost or still allocated. For non-termination it ends at the cycle head (the loop statement's line, or the
// repeated call), whose invariant is the recurrent set, and the values of one period lead back to it. `source` is the
// text of the input file. nullopt, with `why`, when there is none.
std::optional<std::string> violationGraph(const Outcome& outcome, const Metadata& metadata, const std::string& source,
                                          std::string& why);

// Metadata helpers: the SHA-256 of bytes in hex, a random (version 4) UUID, the current UTC time.
std::string sha256Hex(const std::string& bytes);
std::string randomUuid();
std::string currentTimeIso8601();

}  // namespace atropos::witness
