// The states at a lasso's head during one period, as the recurrent set a non-termination witness states.
//
// A short period's states are listed one by one. A longer one is stated as a single expression when its integer
// values advance by the same steps at every visit (a counter, two variables that move against each other): the
// orbit of those steps, `x % 32768U == 0U && v == 32768U - x`. The orbit is stated only when the period went
// through every state of it, so the expression describes exactly the states visited, and a cycle's states are a
// recurrent set.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace atropos::interp {

// One conjunct `lvalue == constant` of a state's description.
struct StateTerm {
  std::string lvalue;
  std::string constant;  // a C constant expression
  // An integer of `width` bits (8, 16, 32 or 64) whose bit pattern is `bits`; the orbit is found over these.
  bool integer = false;
  unsigned width = 0;
  bool isSigned = false;
  uint64_t bits = 0;
};

class RecurrentStates {
 public:
  // Beyond this many distinct states a period is not listed.
  static constexpr size_t kMaxListed = 256;

  // The state at the next visit of the head, in the order visited, and whether its description pins down every
  // value the execution can read from there on. The first and the last visit of a period are the same state.
  void add(const std::vector<StateTerm>& state, bool complete);
  // False once further visits can change nothing: the list is full and the values left the orbit.
  bool wantsMore() const { return !listFull_ || orbitHolds_; }
  // One C expression per state, or the orbit's single one.
  std::vector<std::string> states() const;
  // The expressions pin down every value read from the head on, and they name every state of the period.
  bool complete() const;

 private:
  std::optional<std::string> orbit() const;  // none when the orbit cannot be stated

  std::vector<std::string> listed_;
  bool listFull_ = false;
  bool complete_ = true;
  size_t visits_ = 0;
  std::vector<StateTerm> first_;
  std::vector<uint64_t> steps_;  // per term, its change between two visits (modulo its width)
  bool orbitHolds_ = true;
};

}  // namespace atropos::interp
