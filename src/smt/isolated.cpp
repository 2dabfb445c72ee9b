#include "smt/isolated.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace atropos::smt {

namespace {

constexpr char kUnsat = 'u';
constexpr char kSat = 's';
constexpr char kUnknown = '?';

// The child's whole life: the check, one byte to the parent, and an exit that runs none of the parent's exit
// handlers or flushes its buffered output a second time.
[[noreturn]] void answerInChild(z3::solver& solver, int out) {
  // A crash is an answer (none); the parent's handlers would print a report of it, as would std::terminate.
  for (int sig : {SIGSEGV, SIGABRT, SIGBUS, SIGFPE, SIGILL}) signal(sig, SIG_DFL);
  const int null = open("/dev/null", O_WRONLY);
  if (null >= 0) dup2(null, STDERR_FILENO);
  char answer = kUnknown;
  try {
    switch (solver.check()) {
      case z3::unsat:
        answer = kUnsat;
        break;
      case z3::sat:
        answer = kSat;
        break;
      default:
        break;
    }
  } catch (const z3::exception&) {
  }
  [[maybe_unused]] ssize_t written = write(out, &answer, 1);
  _exit(0);
}

// The child's answer, or unknown when it does not come within `limit`; the child is reaped either way.
char awaitAnswer(pid_t child, int in, std::chrono::milliseconds limit) {
  using Clock = std::chrono::steady_clock;
  const Clock::time_point until = Clock::now() + limit;
  char answer = kUnknown;
  for (;;) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - Clock::now()).count();
    if (left <= 0) break;
    pollfd ready{in, POLLIN, 0};
    const int polled = poll(&ready, 1, static_cast<int>(left));
    if (polled < 0 && errno == EINTR) continue;
    if (polled > 0 && read(in, &answer, 1) != 1) answer = kUnknown;  // the child died without answering
    break;
  }
  kill(child, SIGKILL);
  while (waitpid(child, nullptr, 0) < 0 && errno == EINTR) {
  }
  return answer;
}

}  // namespace

z3::check_result checkIsolated(z3::solver& solver, std::chrono::milliseconds limit) {
  int channel[2];
  if (pipe2(channel, O_CLOEXEC) != 0) return solver.check();
  const pid_t child = fork();
  if (child < 0) {
    close(channel[0]);
    close(channel[1]);
    return solver.check();
  }
  if (child == 0) {
    close(channel[0]);
    answerInChild(solver, channel[1]);
  }
  close(channel[1]);
  const char answer = awaitAnswer(child, channel[0], limit);
  close(channel[0]);
  switch (answer) {
    case kUnsat:
      return z3::unsat;
    case kSat:
      return solver.check();
    default:
      return z3::unknown;
  }
}

z3::check_result checkIsolated(z3::solver& solver, const Limits& limits) {
  const double left = limits.deadline.secondsLeft();
  if (left <= 0) return z3::unknown;
  const double millis = std::min(left * 1000, static_cast<double>(limits.queryMillis));
  return checkIsolated(solver, std::chrono::milliseconds(std::max(1, static_cast<int>(millis))));
}

}  // namespace atropos::smt
