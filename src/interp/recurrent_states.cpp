#include "recurrent_states.h"

#include <algorithm>
#include <bit>
#include <optional>

#include "common/c_text.h"
#include "bits.h"

namespace atropos::interp {

namespace {

// The inverse of an odd number modulo 2^64 (Newton's iteration doubles the correct low bits each time).
uint64_t oddInverse(uint64_t odd) {
  uint64_t x = odd;
  for (int i = 0; i < 5; ++i) x *= 2 - odd * x;
  return x;
}

// The term's value as an unsigned number below 2^width, once C's usual conversions are done with the other side of
// an equality whose other side is such a number: they convert a signed value of 32 or 64 bits to the unsigned type of
// its width, but promote a narrower one to int, where a negative value stays negative.
std::string unsignedOperand(const StateTerm& t) {
  if (!t.isSigned || t.width >= 32) return t.lvalue;
  return cCast(t.width, false) + t.lvalue;
}

// The number of bits of the period of `step` modulo 2^width: the value returns after 2^result steps.
unsigned periodBits(uint64_t step, unsigned width) { return step == 0 ? 0 : width - std::countr_zero(step); }

std::string conjunction(const std::vector<StateTerm>& state) {
  std::vector<std::string> equalities;
  for (const StateTerm& t : state) equalities.push_back(t.lvalue + " == " + t.constant);
  return cConjunction(equalities);
}

bool sameShape(const StateTerm& a, const StateTerm& b) {
  return a.lvalue == b.lvalue && a.integer == b.integer && a.width == b.width && a.isSigned == b.isSigned;
}

}  // namespace

void RecurrentStates::add(const std::vector<StateTerm>& state, bool complete) {
  ++visits_;
  if (!complete) complete_ = false;
  if (!listFull_) {
    std::string text = conjunction(state);
    if (std::find(listed_.begin(), listed_.end(), text) == listed_.end()) {
      if (listed_.size() < kMaxListed)
        listed_.push_back(std::move(text));
      else
        listFull_ = true;
    }
  }
  if (!orbitHolds_) return;
  if (visits_ == 1) {
    first_ = state;
    for (const StateTerm& t : first_)
      if (t.integer && t.width != 8 && t.width != 16 && t.width != 32 && t.width != 64) orbitHolds_ = false;
    return;
  }
  if (state.size() != first_.size()) {
    orbitHolds_ = false;
    return;
  }
  if (visits_ == 2) {
    steps_.assign(state.size(), 0);
    for (size_t i = 0; i < state.size(); ++i)
      if (state[i].integer) steps_[i] = (state[i].bits - first_[i].bits) & maskOf(state[i].width);
  }
  const uint64_t index = visits_ - 1;
  for (size_t i = 0; i < state.size() && orbitHolds_; ++i) {
    const StateTerm& t = state[i];
    const StateTerm& f = first_[i];
    if (!sameShape(t, f))
      orbitHolds_ = false;
    else if (t.integer)
      orbitHolds_ = t.bits == ((f.bits + index * steps_[i]) & maskOf(t.width));
    else
      orbitHolds_ = t.constant == f.constant;
  }
}

std::optional<std::string> RecurrentStates::orbit() const {
  if (!orbitHolds_ || visits_ < 2) return std::nullopt;
  // The parameter: the value with the longest period, which tells which visit of the period a state is.
  size_t parameter = 0;
  unsigned bits = 0;
  for (size_t i = 0; i < first_.size(); ++i)
    if (first_[i].integer && periodBits(steps_[i], first_[i].width) > bits) {
      bits = periodBits(steps_[i], first_[i].width);
      parameter = i;
    }
  // Every state of the orbit must have been visited (the visits are consecutive, from the first).
  if (bits == 0 || bits >= 64 || visits_ < (1ull << bits)) return std::nullopt;
  const StateTerm& p = first_[parameter];
  const unsigned width = p.width;
  const unsigned shift = static_cast<unsigned>(std::countr_zero(steps_[parameter]));
  const uint64_t inverse = oddInverse(steps_[parameter] >> shift);
  // In `p % 2^k` and in `c * p` the parameter is converted to an unsigned type of at least its width (a narrower
  // result is cast back to its width), so it is written as it is.
  const std::string& parameterOperand = p.lvalue;
  std::vector<std::string> terms;
  for (size_t i = 0; i < first_.size(); ++i) {
    const StateTerm& q = first_[i];
    if (!q.integer || steps_[i] == 0) {
      terms.push_back(q.lvalue + " == " + q.constant);
      continue;
    }
    if (i == parameter) {
      // Its values are those congruent to the first modulo 2^shift.
      if (shift > 0)
        terms.push_back(parameterOperand + " % " + literalOfWidth(1ull << shift, width, false) + " == " +
                        literalOfWidth(p.bits & maskOf(shift), width, false));
      continue;
    }
    // q = q0 + c * (p - p0) modulo 2^width, where c is the ratio of the steps modulo 2^(width - shift) (p - p0 is a
    // multiple of 2^shift); written with the representative of c nearest to zero.
    if (q.width != width || std::countr_zero(steps_[i]) < static_cast<int>(shift)) return std::nullopt;
    const unsigned residueBits = width - shift;
    const uint64_t residues = maskOf(residueBits);
    const uint64_t ratio = ((steps_[i] >> shift) * inverse) & residues;
    const bool negative = ratio > (residues >> 1);
    const uint64_t magnitude = negative ? (residues - ratio + 1) & residues : ratio;
    const uint64_t signedRatio = negative ? 0 - magnitude : magnitude;
    const uint64_t constant = (q.bits - signedRatio * p.bits) & maskOf(width);
    const std::string product =
        (magnitude == 1 ? "" : literalOfWidth(magnitude, width, false) + " * ") + parameterOperand;
    // An unsigned difference wraps as the modular sum does, so the constant stays first where the ratio is negative.
    std::string sum =
        constant == 0 && !negative
            ? product
            : cSum({SignedTerm{false, literalOfWidth(constant, width, false)}, SignedTerm{negative, product}});
    if (width < 32) sum = cCast(width, false) + "(" + sum + ")";
    terms.push_back(unsignedOperand(q) + " == " + sum);
  }
  return cConjunction(terms);
}

std::vector<std::string> RecurrentStates::states() const {
  if (listFull_)
    if (std::optional<std::string> all = orbit()) return {*all};
  return listed_;
}

bool RecurrentStates::complete() const {
  return complete_ && !listed_.empty() && (!listFull_ || orbit().has_value());
}

}  // namespace atropos::interp
