// Small text helpers shared by the components.
#pragma once

#include <string>
#include <string_view>

namespace atropos {

std::string_view trim(std::string_view s);
bool startsWith(std::string_view s, std::string_view prefix);
// Reads a whole file; false when it cannot be opened.
bool readFile(const std::string& path, std::string& contents);

}  // namespace atropos
