// Unit tests of the process split that contains the compiler (driver/supervision.h): what the parent learns of a
// child that crashes, hangs or exits, before and after it says it is ready. Each child ends with _exit, so that it
// never returns into the test runner.
#include <gtest/gtest.h>
#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include "driver/supervision.h"

using namespace atropos;
using namespace atropos::driver;

namespace {

Deadline inSeconds(double seconds) { return Deadline::in(std::chrono::duration<double>(seconds)); }

TEST(Supervision, AChildThatExitsHandsItsStatusToTheParent) {
  Supervision s = Supervision::split(inSeconds(30));
  if (s.inChild()) {
    s.ready();
    _exit(7);
  }
  EXPECT_EQ(s.end(), Supervision::End::Exited);
  EXPECT_EQ(s.exitStatus(), 7);
}

TEST(Supervision, AnExitBeforeReadyIsStillTheChildsOwn) {
  Supervision s = Supervision::split(inSeconds(30));
  if (s.inChild()) _exit(3);
  EXPECT_EQ(s.end(), Supervision::End::Exited);
  EXPECT_EQ(s.exitStatus(), 3);
}

TEST(Supervision, ACrashBeforeReadyIsReportedAsACrash) {
  Supervision s = Supervision::split(inSeconds(30));
  if (s.inChild()) {
    // A signal no sanitizer's handler turns into an exit.
    raise(SIGKILL);
    _exit(0);
  }
  EXPECT_EQ(s.end(), Supervision::End::Crashed);
  EXPECT_EQ(s.signal(), SIGKILL);
}

TEST(Supervision, ASignalAfterReadyIsTheChildsEnd) {
  Supervision s = Supervision::split(inSeconds(30));
  if (s.inChild()) {
    s.ready();
    raise(SIGTERM);
    _exit(0);
  }
  EXPECT_EQ(s.end(), Supervision::End::Killed);
  EXPECT_EQ(s.signal(), SIGTERM);
}

TEST(Supervision, AChildNotReadyAtTheDeadlineIsKilledThen) {
  const auto start = std::chrono::steady_clock::now();
  Supervision s = Supervision::split(inSeconds(0.2));
  if (s.inChild()) {
    std::this_thread::sleep_for(std::chrono::seconds(30));
    _exit(0);
  }
  EXPECT_EQ(s.end(), Supervision::End::DeadlineAhead);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
}

TEST(Supervision, AReadyChildMayRunPastTheDeadline) {
  Supervision s = Supervision::split(inSeconds(0.1));
  if (s.inChild()) {
    s.ready();
    std::this_thread::sleep_for(std::chrono::milliseconds(400));
    _exit(5);
  }
  EXPECT_EQ(s.end(), Supervision::End::Exited);
  EXPECT_EQ(s.exitStatus(), 5);
}

}  // namespace
