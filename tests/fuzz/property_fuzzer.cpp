// libFuzzer target: the property file reader (.prp) on any text.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "common/property.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  for (atropos::Property p : atropos::parsePropertyFile(text))
    if (atropos::propertyName(p).empty()) __builtin_trap();  // every property read is one Atropos names
  return 0;
}
