// A point in time after which an engine must stop; engines poll it.
#pragma once

#include <chrono>

namespace atropos {

class Deadline {
 public:
  using Clock = std::chrono::steady_clock;
  static Deadline never() { return Deadline(Clock::time_point::max()); }
  static Deadline in(std::chrono::duration<double> d) {
    return Deadline(Clock::now() + std::chrono::duration_cast<Clock::duration>(d));
  }
  explicit Deadline(Clock::time_point at) : at_(at) {}
  bool expired() const { return at_ != Clock::time_point::max() && Clock::now() >= at_; }
  double secondsLeft() const {
    if (at_ == Clock::time_point::max()) return 1e18;
    return std::chrono::duration<double>(at_ - Clock::now()).count();
  }
  // The earlier of this deadline and one `d` from now.
  Deadline capped(std::chrono::duration<double> d) const {
    Deadline other = in(d);
    return other.at_ < at_ ? other : *this;
  }

 private:
  Clock::time_point at_;
};

}  // namespace atropos
