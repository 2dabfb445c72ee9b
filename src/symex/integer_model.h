// How the symbolic execution's rules read integer arithmetic: the readings of common/checks.h, as it models them.
#pragma once

namespace atropos::symex {

struct IntegerModel {
  // Signed arithmetic gives the mathematical result (`svcomp`, `termcomp`): a value kept in the signed reading may
  // lie outside its type's range.
  bool signedUnbounded = false;
  // Every integer is a mathematical integer (`termcomp`): no value, drawn or computed, has its type's range, unsigned
  // arithmetic is exact too, and a value is the same number in both readings (a reading only says how the bits of
  // a constant are read). What C's operations need a width for is read as common/checks.h says.
  bool typesUnbounded = false;
};

}  // namespace atropos::symex
