#include "supervision.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace atropos::driver {

namespace {

// Whether the child's ready byte waits in the channel, without waiting for it.
bool readyByteWaiting(int readyChannel) {
  pollfd now{readyChannel, POLLIN, 0};
  char byte = 0;
  return poll(&now, 1, 0) == 1 && read(readyChannel, &byte, 1) == 1;
}

pid_t waitFor(pid_t child, int& status) {
  pid_t done;
  do done = waitpid(child, &status, 0);
  while (done < 0 && errno == EINTR);
  return done;
}

}  // namespace

Supervision Supervision::split(const Deadline& deadline) {
  Supervision supervision;
  int channel[2];
  if (pipe2(channel, O_CLOEXEC) != 0) return supervision;
  // What is buffered now would otherwise be written twice, once by each process.
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  const pid_t parent = getpid();
  const pid_t child = fork();
  if (child < 0) {
    close(channel[0]);
    close(channel[1]);
    return supervision;
  }
  if (child == 0) {
    close(channel[0]);
    // The child goes when the parent goes (killed by a user who knows only the parent's pid), even if that
    // happened before this line.
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) _exit(128 + SIGKILL);
    supervision.readyChannel_ = channel[1];
    return supervision;
  }
  close(channel[1]);
  supervision.inChild_ = false;
  supervision.watch(child, channel[0], deadline);
  close(channel[0]);
  return supervision;
}

void Supervision::watch(pid_t child, int readyChannel, const Deadline& deadline) {
  bool ready = false;
  for (;;) {
    // The child writes one byte when it is ready; the channel reaches its end when the child ends without.
    const double left = deadline.secondsLeft();
    const int timeoutMs = left > INT_MAX / 1000.0 ? -1 : std::max(0, static_cast<int>(std::ceil(left * 1000)));
    pollfd wait{readyChannel, POLLIN, 0};
    const int polled = poll(&wait, 1, timeoutMs);
    if (polled < 0 && errno == EINTR) continue;
    // Without poll, the child's end is waited for without the deadline.
    if (polled < 0) break;
    if (polled == 0 && deadline.expired()) {
      // What arrived just as the time ran out (the ready byte, or the child's end) decides, not the deadline.
      pollfd now{readyChannel, POLLIN, 0};
      if (poll(&now, 1, 0) == 1) continue;
      kill(child, SIGKILL);
      int status = 0;
      waitFor(child, status);
      end_ = End::DeadlineAhead;
      return;
    }
    if (polled == 0) continue;
    char byte = 0;
    const ssize_t n = read(readyChannel, &byte, 1);
    if (n < 0 && errno == EINTR) continue;
    ready = n == 1;
    break;
  }
  int status = 0;
  const bool reaped = waitFor(child, status) >= 0;
  ready = ready || readyByteWaiting(readyChannel);  // where poll failed
  if (!reaped) {
    end_ = End::Crashed;
    return;
  }
  if (WIFSIGNALED(status)) {
    end_ = ready ? End::Killed : End::Crashed;
    signal_ = WTERMSIG(status);
    return;
  }
  end_ = End::Exited;
  exitStatus_ = WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}

void Supervision::ready() {
  if (readyChannel_ < 0) return;
  const char byte = 1;
  while (write(readyChannel_, &byte, 1) < 0 && errno == EINTR) {
  }
  close(readyChannel_);
  readyChannel_ = -1;
}

Supervision::Supervision(Supervision&& other) noexcept
    : inChild_(other.inChild_),
      readyChannel_(other.readyChannel_),
      end_(other.end_),
      exitStatus_(other.exitStatus_),
      signal_(other.signal_) {
  other.readyChannel_ = -1;
}

Supervision::~Supervision() {
  if (readyChannel_ >= 0) close(readyChannel_);
}

}  // namespace atropos::driver
