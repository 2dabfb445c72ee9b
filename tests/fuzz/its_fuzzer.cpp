// libFuzzer target: the reader of integer transition systems in the Termination Competition's SMT-LIB form, and
// the writer on what it reads (a system read must print).
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string>

#include "its/smtlib.h"
#include "smt/term.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  z3::context context;
  const atropos::Deadline deadline = atropos::Deadline::in(std::chrono::seconds(2));
  atropos::its::ReadResult read = atropos::its::readSmtLib(text, context, deadline);
  if (!read.its) {
    if (read.error.empty()) __builtin_trap();  // a refusal always says why
    return 0;
  }
  std::ostringstream out;
  try {
    atropos::its::writeSmtLib(out, *read.its);
  } catch (const std::invalid_argument&) {
    // a term the form cannot express (the writer says so); not a crash
  }
  return 0;
}
