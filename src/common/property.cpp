#include "common/property.h"

#include <array>
#include <cstdint>
#include <cstdio>
#include <cstring>

#include "common/bits.h"

namespace atropos {

namespace {
struct PropertyInfo {
  Property property;
  std::string_view name;
  // The formulas inside CHECK( init(main()), LTL(...) ) of its property file (valid-memsafety has three).
  std::array<std::string_view, 3> ltl;
};
constexpr std::array<PropertyInfo, 5> kProperties{{
    {Property::Termination, "termination", {"F end"}},
    {Property::ValidMemsafety, "valid-memsafety", {"G valid-free", "G valid-deref", "G valid-memtrack"}},
    {Property::ValidMemcleanup, "valid-memcleanup", {"G valid-memcleanup"}},
    {Property::NoOverflow, "no-overflow", {"G ! overflow"}},
    {Property::UnreachCall, "unreach-call", {"G ! call(reach_error())"}},
}};
}  // namespace

std::vector<Property> allProperties() {
  std::vector<Property> all;
  for (const auto& info : kProperties) all.push_back(info.property);
  return all;
}

std::string_view propertyName(Property p) {
  for (const auto& info : kProperties)
    if (info.property == p) return info.name;
  return "?";
}

std::string propertyNames(std::string_view separator) {
  std::string names;
  for (const auto& info : kProperties) names += (names.empty() ? "" : std::string(separator)) + std::string(info.name);
  return names;
}

std::optional<Property> parsePropertyName(std::string_view name) {
  for (const auto& info : kProperties)
    if (info.name == name) return info.property;
  return std::nullopt;
}

std::string_view memsafetyPartName(MemsafetyPart p) {
  switch (p) {
    case MemsafetyPart::ValidDeref: return "valid-deref";
    case MemsafetyPart::ValidFree: return "valid-free";
    case MemsafetyPart::ValidMemtrack: return "valid-memtrack";
  }
  return "?";
}

std::vector<std::string> propertySpecification(Property p) {
  std::vector<std::string> lines;
  for (const auto& info : kProperties)
    if (info.property == p)
      for (std::string_view ltl : info.ltl)
        if (!ltl.empty()) lines.push_back("CHECK( init(main()), LTL(" + std::string(ltl) + ") )");
  return lines;
}

std::vector<Property> parsePropertyFile(std::string_view text) {
  // A property file names one property; valid-memsafety's names its three parts (any of them selects it).
  std::vector<Property> found;
  for (const auto& info : kProperties)
    for (std::string_view ltl : info.ltl)
      if (!ltl.empty() && text.find(ltl) != std::string_view::npos) {
        found.push_back(info.property);
        break;
      }
  return found;
}

std::optional<double> nondetInputFloat(const NondetInput& in) {
  if (!in.floatingPoint) return std::nullopt;
  if (in.bits == 32) {
    float f;
    const uint32_t bits = static_cast<uint32_t>(in.value);
    std::memcpy(&f, &bits, sizeof f);
    return f;
  }
  if (in.bits == 64) {
    double d;
    std::memcpy(&d, &in.value, sizeof d);
    return d;
  }
  return std::nullopt;
}

std::string nondetInputValue(const NondetInput& in) {
  if (std::optional<double> value = nondetInputFloat(in)) {
    // As few digits as read back to the same value.
    char text[40];
    std::snprintf(text, sizeof text, in.bits == 32 ? "%.9g" : "%.17g", *value);
    return text;
  }
  if (in.isSigned && in.bits > 0 && in.bits <= 64) {
    return std::to_string(signExtend(in.value, in.bits));
  }
  return std::to_string(in.value);
}

std::string nondetInputOrigin(const NondetInput& in) {
  return in.origin + (in.origin.rfind("__VERIFIER", 0) == 0 ? "()" : "");
}

std::string_view verdictName(Verdict v) {
  switch (v) {
    case Verdict::True: return "TRUE";
    case Verdict::False: return "FALSE";
    case Verdict::Unknown: return "UNKNOWN";
  }
  return "?";
}

}  // namespace atropos
