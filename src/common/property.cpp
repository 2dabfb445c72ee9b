#include "common/property.h"

#include <array>

namespace atropos {

namespace {
struct PropertyInfo {
  Property property;
  std::string_view name;
  std::string_view ltl;  // the formula inside CHECK( init(main()), LTL(...) )
};
constexpr std::array<PropertyInfo, 5> kProperties{{
    {Property::Termination, "termination", "F end"},
    {Property::ValidMemsafety, "valid-memsafety", "G valid-free"},
    {Property::ValidMemcleanup, "valid-memcleanup", "G valid-memcleanup"},
    {Property::NoOverflow, "no-overflow", "G ! overflow"},
    {Property::UnreachCall, "unreach-call", "G ! call(reach_error())"},
}};
}  // namespace

std::string_view propertyName(Property p) {
  for (const auto& info : kProperties)
    if (info.property == p) return info.name;
  return "?";
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

std::string propertySpecification(Property p) {
  auto check = [](std::string_view ltl) { return "CHECK( init(main()), LTL(" + std::string(ltl) + ") )"; };
  if (p == Property::ValidMemsafety)
    return check("G valid-free") + "\n" + check("G valid-deref") + "\n" + check("G valid-memtrack");
  for (const auto& info : kProperties)
    if (info.property == p) return check(info.ltl);
  return {};
}

std::vector<Property> parsePropertyFile(std::string_view text) {
  auto has = [&](std::string_view needle) { return text.find(needle) != std::string_view::npos; };
  std::vector<Property> found;
  if (has("F end")) found.push_back(Property::Termination);
  if (has("valid-free") || has("valid-deref") || has("valid-memtrack")) found.push_back(Property::ValidMemsafety);
  else if (has("valid-memcleanup")) found.push_back(Property::ValidMemcleanup);
  if (has("! overflow")) found.push_back(Property::NoOverflow);
  if (has("call(reach_error())")) found.push_back(Property::UnreachCall);
  return found;
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
