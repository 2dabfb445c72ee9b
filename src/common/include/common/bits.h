// Integers of a given width kept as 64-bit patterns, zero-extended: the masks and the sign extension that the
// interpreter, bounded model checking and the C text of witnesses share.
#pragma once

#include <cstdint>

namespace atropos {

// The pattern of `bits` ones (all 64 from 64 bits on).
inline uint64_t maskOf(unsigned bits) { return bits >= 64 ? ~0ull : (1ull << bits) - 1; }

// The value of a `bits`-wide two's complement pattern.
inline int64_t signExtend(uint64_t pattern, unsigned bits) {
  return bits >= 64 ? static_cast<int64_t>(pattern) : static_cast<int64_t>(pattern << (64 - bits)) >> (64 - bits);
}

}  // namespace atropos
