// Unit tests of the table of checks (common/checks.h): every engine decides through it, so what it says per
// property and reading is what every engine does.
#include "common/checks.h"

#include <gtest/gtest.h>

#include "common/text.h"

namespace atropos {
namespace {

constexpr Semantics kReadings[] = {Semantics::C, Semantics::SvComp, Semantics::TermComp};

TEST(Checks, EveryCheckHasARow) {
  for (int k = 0; k <= static_cast<int>(Check::AddressDependent); ++k)
    EXPECT_NE(checkName(static_cast<Check>(k)), "unknown check") << "check " << k;
}

TEST(Checks, ACheckTheTableDoesNotMapBlocksEveryProof) {
  const Check unmapped = static_cast<Check>(static_cast<int>(Check::AddressDependent) + 1);
  for (Semantics s : kReadings)
    for (Property p : allProperties()) {
      EXPECT_EQ(effectOf(unmapped, p, s), Effect::Blocks);
      EXPECT_TRUE(blocksProof(unmapped, p, s));
      EXPECT_FALSE(violates(unmapped, p, s));
    }
}

TEST(Checks, SignedOverflowIsUndefinedInCAndComputedUnderTheUnboundedReadings) {
  EXPECT_EQ(effectOf(Check::SignedOverflow, Property::Termination, Semantics::C), Effect::Blocks);
  EXPECT_EQ(effectOf(Check::SignedOverflow, Property::Termination, Semantics::SvComp), Effect::Diverges);
  EXPECT_EQ(effectOf(Check::SignedOverflow, Property::UnreachCall, Semantics::TermComp), Effect::Diverges);
  // no-overflow asks about C's ranges under every reading.
  for (Semantics s : kReadings) EXPECT_TRUE(violates(Check::SignedOverflow, Property::NoOverflow, s));
  EXPECT_EQ(readingFor(Property::NoOverflow, Semantics::SvComp), Semantics::C);
}

TEST(Checks, WrapAroundMattersOnlyUnderTermcomp) {
  for (Property p : allProperties()) {
    EXPECT_EQ(effectOf(Check::WrapAround, p, Semantics::C), Effect::None);
    EXPECT_EQ(effectOf(Check::WrapAround, p, Semantics::SvComp), Effect::None);
  }
  EXPECT_EQ(effectOf(Check::WrapAround, Property::Termination, Semantics::TermComp), Effect::Diverges);
  EXPECT_EQ(effectOf(Check::WrapAround, Property::NoOverflow, Semantics::TermComp), Effect::None);
}

TEST(Checks, ReachErrorEndsTheExecutionForTermination) {
  for (Semantics s : kReadings) {
    EXPECT_EQ(effectOf(Check::ReachError, Property::Termination, s), Effect::Ends);
    EXPECT_FALSE(blocksProof(Check::ReachError, Property::Termination, s));
    EXPECT_TRUE(violates(Check::ReachError, Property::UnreachCall, s));
  }
}

TEST(Checks, MemoryChecksNameTheirPart) {
  EXPECT_EQ(memsafetyPartOf(Check::InvalidDeref), MemsafetyPart::ValidDeref);
  EXPECT_EQ(memsafetyPartOf(Check::InvalidFree), MemsafetyPart::ValidFree);
  EXPECT_EQ(memsafetyPartOf(Check::MemoryLost), MemsafetyPart::ValidMemtrack);
  EXPECT_TRUE(violates(Check::MemoryLost, Property::ValidMemcleanup, Semantics::C));
  EXPECT_TRUE(violates(Check::MemoryNotFreed, Property::ValidMemcleanup, Semantics::C));
  EXPECT_FALSE(violates(Check::MemoryNotFreed, Property::ValidMemsafety, Semantics::C));
  EXPECT_TRUE(blocksProof(Check::HeapAtAbort, Property::ValidMemcleanup, Semantics::C));
}

TEST(Checks, EncodingGapsBlockEveryProofUnderEveryReading) {
  for (Check c : {Check::NotModelled, Check::UnwindingBound, Check::AddressDependent, Check::DivisionByZero,
                  Check::InvalidShift, Check::OtherUndefined})
    for (Semantics s : kReadings)
      for (Property p : allProperties()) EXPECT_EQ(effectOf(c, p, s), Effect::Blocks);
}

TEST(Checks, SemanticsNamesRoundTrip) {
  for (Semantics s : kReadings) EXPECT_EQ(parseSemanticsName(semanticsName(s)), s);
  EXPECT_FALSE(parseSemanticsName("unbounded"));
}

TEST(Properties, PropertyFilesNameTheirProperty) {
  for (Property p : allProperties()) {
    std::vector<Property> parsed = parsePropertyFile(joined(propertySpecification(p), "\n"));
    ASSERT_EQ(parsed.size(), 1u) << propertyName(p);
    EXPECT_EQ(parsed[0], p);
  }
  EXPECT_EQ(parsePropertyFile("CHECK( init(main()), LTL(G valid-deref) )"),
            std::vector<Property>{Property::ValidMemsafety});
}

}  // namespace
}  // namespace atropos
