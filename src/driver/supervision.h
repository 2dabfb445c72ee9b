// The isolation of the compiler. clang, linked in, compiles the program in Atropos's own process (frontend/compile.h),
// and on an odd input it may crash or hang. So the run goes on in a child process, which the parent watches until
// the child says that the compilation is over: up to then a crash or the deadline ends only the child, and the
// parent reports it; after that, the child's end is the whole process's.
#pragma once

#include <sys/types.h>

#include "common/deadline.h"

namespace atropos::driver {

class Supervision {
 public:
  // How the child ended, as the parent saw it.
  enum class End {
    Exited,         // with exitStatus(), before or after it said it was ready
    Killed,         // by signal() after it said it was ready
    Crashed,        // by signal() before it said it was ready
    DeadlineAhead,  // not ready at the deadline: the parent killed it
  };

  // Forks. Returns in the child at once, and in the parent when the child has ended. Where no child can be made, it
  // returns at once as though in the child, and the run goes on unsupervised.
  static Supervision split(const Deadline& deadline);

  Supervision(Supervision&& other) noexcept;
  Supervision& operator=(Supervision&&) = delete;
  ~Supervision();

  bool inChild() const { return inChild_; }
  // In the child: the part that needed watching is over. Later calls do nothing.
  void ready();

  // In the parent.
  End end() const { return end_; }
  int exitStatus() const { return exitStatus_; }
  int signal() const { return signal_; }

 private:
  Supervision() = default;
  void watch(pid_t child, int readyChannel, const Deadline& deadline);

  bool inChild_ = true;
  int readyChannel_ = -1;  // in the child, until ready()
  End end_ = End::Exited;
  int exitStatus_ = 0;
  int signal_ = 0;
};

}  // namespace atropos::driver
