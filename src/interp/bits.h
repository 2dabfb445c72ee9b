// Integer and floating-point bit patterns as the interpreter keeps them: zero-extended to 64 bits (masks and sign
// extension in common/bits.h). Private to src/interp.
#pragma once

#include <bit>
#include <cstdint>

#include "common/bits.h"

namespace atropos::interp {

inline float floatOf(uint64_t bits) { return std::bit_cast<float>(static_cast<uint32_t>(bits)); }
inline double doubleOf(uint64_t bits) { return std::bit_cast<double>(bits); }
inline uint64_t bitsOf(float f) { return std::bit_cast<uint32_t>(f); }
inline uint64_t bitsOf(double d) { return std::bit_cast<uint64_t>(d); }

// Combines a word into a running hash.
inline uint64_t hashMix(uint64_t h, uint64_t v) {
  h ^= v + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
  return h * 0xBF58476D1CE4E5B9ull;
}

}  // namespace atropos::interp
