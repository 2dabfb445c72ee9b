// Small text helpers shared by the components.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace atropos {

std::string_view trim(std::string_view s);
bool startsWith(std::string_view s, std::string_view prefix);
// Reads a whole file; false when it cannot be opened.
bool readFile(const std::string& path, std::string& contents);
// The parts with `separator` between them.
std::string joined(const std::vector<std::string>& parts, std::string_view separator);
// prefix followed by the decimal number, e.g. numbered("x", 3) == "x3" (also a name for solver constants).
std::string numbered(std::string prefix, unsigned long long number);
// A count and its noun, e.g. counted(1, "cycle") == "1 cycle", counted(2, "cycle") == "2 cycles".
std::string counted(unsigned long long count, const std::string& noun);
// The text with &, <, >, " and ' written as references, for XML and HTML (in content and quoted attributes).
std::string markupEscaped(std::string_view text);
// The number with `decimals` digits after the point, e.g. fixed(0.12345, 3) == "0.123".
std::string fixed(double value, int decimals);

}  // namespace atropos
