// libFuzzer target: the C source tokenizer the witnesses place their locations with, on any text, and its three
// questions at positions taken from the input's own bytes.
#include <cstddef>
#include <cstdint>
#include <string>

#include "witness/source_text.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const atropos::witness::SourceText source(text);
  for (size_t i = 0; i + 1 < size && i < 64; i += 2) {
    const atropos::witness::Position at{1u + data[i] % 32u, 1u + data[i + 1] % 64u};
    source.closingParenthesisOfCall(at);
    source.fullExpressionStart(at);
    source.loopKeyword(at);
  }
  return 0;
}
