// libFuzzer target: the SV-COMP task reader on any text. It must answer a task or an error, never crash or hang.
#include <cstddef>
#include <cstdint>
#include <string>

#include "driver/task.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  std::string error;
  // The folder does not exist, so property files fall back to their names, as for a task whose .prp is missing.
  auto task = atropos::driver::parseTask(text, "/nonexistent/fuzz/task.yml", error);
  if (!task && error.empty()) __builtin_trap();  // a refusal always says why
  return 0;
}
