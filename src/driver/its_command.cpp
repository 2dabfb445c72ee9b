#include "its_command.h"

#include <iostream>

#include "common/text.h"
#include "its/smtlib.h"
#include "termination/prover.h"

namespace atropos::driver {

int runItsCommand(const Options& options) {
  const Deadline deadline = Deadline::in(std::chrono::duration<double>(options.timeoutSeconds * 0.9));
  if (options.inputFile.empty()) {
    std::cerr << "atropos: error: its: no input file\n";
    return kExitUsage;
  }
  std::string text;
  if (!readFile(options.inputFile, text)) {
    std::cerr << "atropos: error: cannot read '" << options.inputFile << "'\n";
    return kExitInput;
  }
  z3::context context;
  its::ReadResult read = its::readSmtLib(text, context, deadline);
  if (!read.its) {
    std::cout << "MAYBE\n" << options.inputFile << ": " << read.error << "\n";
    return kExitOk;
  }
  std::string smtLogError;
  const std::shared_ptr<smt::QueryLog> smtLog = openSmtLog(options, smtLogError);
  if (!smtLogError.empty()) {
    std::cerr << "atropos: error: " << smtLogError << "\n";
    return kExitInput;
  }
  termination::ProverOptions prover;
  prover.deadline = deadline;
  prover.smtLog = smtLog;
  // Non-termination needs the file's start condition; a system read with more runs can only be proven terminating.
  prover.tryNonTermination = !read.overApproximated;
  termination::Proof proof = termination::proveTermination(*read.its, context, prover);
  if (options.crossCheck && proof.answer == termination::Answer::Yes && prover.tryNonTermination) {
    termination::NonTerminationOptions search;
    search.deadline = Deadline::in(std::chrono::duration<double>(options.timeoutSeconds));
    search.smtLog = smtLog;
    if (termination::findRecurrentSet(*read.its, context, search)) {
      std::cerr << "atropos: error: internal error: a termination proof and a recurrent set for the same system\n";
      return kExitInternal;
    }
  }
  std::cout << termination::answerName(proof.answer) << "\n" << termination::describe(proof);
  if (options.verbose && proof.answer != termination::Answer::Yes)
    for (const its::LinearTransition& t : proof.system.transitions) std::cerr << its::toString(t, proof.system) << "\n";
  if (options.verbose)
    std::cerr << "atropos: " << read.its->locations.size() << " locations, " << read.its->variables.size()
              << " variables, " << read.its->transitions.size() << " transitions; simplified to "
              << proof.system.transitions.size() << " transitions over " << proof.system.variables.size()
              << " variables\n";
  return kExitOk;
}

}  // namespace atropos::driver
